import { ComingSoon } from '../../components/coming-soon';

export function AccountPage() {
  return (
    <ComingSoon title="My Account" description="Update your business details, addresses and password." />
  );
}
