import { VariantList } from '../../../features/admin-catalog/variant-list';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';

/**
 * The 'Variant Management' section of the admin dashboard (docs/admin.md#variants): products with their
 * variants, display status, visibility and price edits. Rendered by the dashboard shell.
 */
export function VariantsSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="variants" />
      <VariantList />
    </section>
  );
}
