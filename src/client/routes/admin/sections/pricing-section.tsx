import { CustomPricesPanel } from '../../../features/admin-pricing/custom-prices-panel';
import { TiersPanel } from '../../../features/admin-pricing/tiers-panel';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';

/**
 * The 'Pricing Management' section of the admin dashboard (docs/admin.md#pricing). Rendered by the dashboard
 * shell.
 */
export function PricingSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="pricing" />
      <TiersPanel />
      <CustomPricesPanel />
    </section>
  );
}
