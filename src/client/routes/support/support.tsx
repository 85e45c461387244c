import { ComingSoon } from '../../components/coming-soon';

export function SupportPage() {
  return (
    <ComingSoon
      title="Customer Support"
      description="Answers to common questions and a form to reach our support team."
    />
  );
}
