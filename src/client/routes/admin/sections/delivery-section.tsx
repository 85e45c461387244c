import { useId, useRef } from 'react';
import { DeliveryProblems } from '../../../features/admin-delivery/delivery-problems';

/**
 * The 'Delivery problems' section of the admin dashboard (docs/admin.md#delivery-problems, issue 18): the
 * e-mails the portal gave up on, each with 'Send again'. Rendered by the dashboard shell.
 */
export function DeliverySection() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <header className="space-y-1">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Delivery problems
        </h2>
        <p className="text-muted-foreground">
          E-mails the portal could not deliver after retrying them, newest first. Send one again once the
          cause is fixed.
        </p>
      </header>
      <DeliveryProblems headingRef={headingRef} />
    </section>
  );
}
