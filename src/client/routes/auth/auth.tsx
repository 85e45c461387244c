import { ComingSoon } from '../../components/coming-soon';

export function AuthPage() {
  return (
    <ComingSoon
      title="Sign In / Register"
      description="Sign in with a login link sent to your email, or apply for a wholesale account."
    />
  );
}
