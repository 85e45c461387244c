import { ComingSoon } from '../../components/coming-soon';

export function ReorderPage() {
  return (
    <ComingSoon title="Reorder" description="Loads the items of a previous order into the order form." />
  );
}
