import { ComingSoon } from '../../components/coming-soon';

export function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Manage products, variants, pricing, orders, users and FAQ content."
      backTo={{ to: '/', label: 'Back to the store' }}
    />
  );
}
