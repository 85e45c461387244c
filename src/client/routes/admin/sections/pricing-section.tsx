import { CustomPricesPanel } from '../../../features/admin-pricing/custom-prices-panel';
import { TiersPanel } from '../../../features/admin-pricing/tiers-panel';

/**
 * The 'Pricing Management' section of the admin dashboard (docs/admin.md#pricing). Rendered by the dashboard
 * shell.
 */
export function PricingSection() {
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">Pricing Management</h2>
        <p className="text-muted-foreground">Manage volume pricing tiers and discounts.</p>
      </header>
      <TiersPanel />
      <CustomPricesPanel />
    </div>
  );
}
