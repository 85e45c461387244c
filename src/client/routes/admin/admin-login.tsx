import { ComingSoon } from '../../components/coming-soon';

export function AdminLoginPage() {
  return (
    <ComingSoon
      title="Admin Portal"
      description="Administrator sign-in with username and password."
      backTo={{ to: '/', label: 'Back to the store' }}
    />
  );
}
