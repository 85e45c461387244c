import { VariantList } from '../../../features/admin-catalog/variant-list';

/**
 * The 'Variant Management' section of the admin dashboard (docs/admin.md#variants): products with their
 * variants, display status, visibility and price edits. Rendered by the dashboard shell.
 */
export function VariantsSection() {
  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-lg font-semibold">Variant Management</h2>
        <p className="mt-1 text-sm text-muted-foreground">Manage product variants, visibility and pricing.</p>
      </header>
      <VariantList />
    </div>
  );
}
