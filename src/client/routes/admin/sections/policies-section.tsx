import { PoliciesManagement } from '../../../features/admin-policies/policies-management';

/**
 * The 'Policies' section of the admin dashboard (docs/admin.md#policies): the text of the public Terms &
 * Conditions and Privacy Policy pages. Rendered by the dashboard shell.
 */
export function PoliciesSection() {
  return (
    <section aria-labelledby="policies-heading" className="space-y-6">
      <div>
        <h2 id="policies-heading" className="text-lg font-semibold">
          Policies
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Edit the Terms & Conditions and Privacy Policy pages that the storefront footer links to.
        </p>
      </div>
      <PoliciesManagement />
    </section>
  );
}
