import { ComingSoon } from '../../components/coming-soon';

export function VerifySignInPage() {
  return (
    <ComingSoon title="Sign In" description="Completes your sign-in from the login link we emailed you." />
  );
}
