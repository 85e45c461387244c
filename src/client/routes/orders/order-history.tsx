import { ComingSoon } from '../../components/coming-soon';

export function OrderHistoryPage() {
  return (
    <ComingSoon
      title="Order History"
      description="Every wholesale order you have placed, its status and a one-click reorder."
    />
  );
}
