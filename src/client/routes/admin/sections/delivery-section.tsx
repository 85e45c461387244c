import { useRef } from 'react';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { DeliveryProblems } from '../../../features/admin-delivery/delivery-problems';

/**
 * The 'Delivery problems' section of the admin dashboard (docs/admin.md#delivery-problems, issue 18): the
 * e-mails the portal gave up on, each with 'Send again'. Rendered by the dashboard shell.
 */
export function DeliverySection() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="delivery" headingRef={headingRef} />
      <DeliveryProblems headingRef={headingRef} />
    </section>
  );
}
