import { ComingSoon } from '../../components/coming-soon';

export function OrderSuccessPage() {
  return (
    <ComingSoon
      title="Order Success"
      description="The confirmation and reference number of the order you just submitted."
    />
  );
}
