import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';

export function OrderDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Order Detail"
      description={`Progress, items and customer information for order ${id ?? ''}.`}
    />
  );
}
