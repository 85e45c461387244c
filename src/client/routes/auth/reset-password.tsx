import { ComingSoon } from '../../components/coming-soon';

export function ResetPasswordPage() {
  return (
    <ComingSoon title="Reset Password" description="Choose a new password with the link from your email." />
  );
}
