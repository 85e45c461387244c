import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { PoliciesManagement } from '../../../features/admin-policies/policies-management';

/**
 * The 'Policies' section of the admin dashboard (docs/admin.md#policies): the text of the public Terms &
 * Conditions and Privacy Policy pages. Rendered by the dashboard shell.
 */
export function PoliciesSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="policies" />
      <PoliciesManagement />
    </section>
  );
}
