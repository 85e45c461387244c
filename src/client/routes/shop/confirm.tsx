import { ComingSoon } from '../../components/coming-soon';

export function ConfirmPage() {
  return (
    <ComingSoon
      title="Review Your Order"
      description="Check your order, contact details and shipping address, then submit it for approval."
    />
  );
}
