import { ComingSoon } from '../../components/coming-soon';

export function ForgotPasswordPage() {
  return (
    <ComingSoon title="Forgot Password" description="Request an email with a link to reset your password." />
  );
}
