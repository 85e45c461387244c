import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { SUPPORT_MESSAGES } from '../../../shared/schemas/support';
import { Button } from '../../components/ui/button';
import { useFocusOnMount } from './use-focus-on-mount';

/** After sending (docs/support-and-faq.md#support-page): the confirmation and 'Send Another Message'. */
export function MessageSent({ onSendAnother }: { onSendAnother: () => void }) {
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-4 py-10 text-center shadow-sm sm:px-6"
    >
      <CircleCheck aria-hidden="true" className="size-10 text-primary" />
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight focus:outline-none"
      >
        Message Sent
      </h2>
      <p className="max-w-md text-muted-foreground">{SUPPORT_MESSAGES.sentDescription}</p>
      <Button variant="outline" className="mt-3" onClick={onSendAnother}>
        Send Another Message
      </Button>
    </section>
  );
}
