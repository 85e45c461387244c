import { TwoFactorPanel } from '../../../features/admin-security/two-factor-panel';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';

/** The 'Security' section of the admin dashboard (docs/admin.md#security). Rendered by the dashboard shell. */
export function SecuritySection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="security" />
      <TwoFactorPanel />
    </section>
  );
}
