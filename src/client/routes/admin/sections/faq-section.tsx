import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { FaqManagement } from '../../../features/admin-faq/faq-management';

/**
 * The 'FAQ Management' section of the admin dashboard (docs/admin.md#faq-management). Rendered by the
 * dashboard shell.
 */
export function FaqSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="faq" />
      <FaqManagement />
    </section>
  );
}
