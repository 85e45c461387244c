import { FaqManagement } from '../../../features/admin-faq/faq-management';

/**
 * The 'FAQ Management' section of the admin dashboard (docs/admin.md#faq-management). Rendered by the
 * dashboard shell.
 */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-management-heading" className="space-y-6">
      <div>
        <h2 id="faq-management-heading" className="text-lg font-semibold">
          FAQ Management
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Manage the questions and answers customers see on the support page.
        </p>
      </div>
      <FaqManagement />
    </section>
  );
}
