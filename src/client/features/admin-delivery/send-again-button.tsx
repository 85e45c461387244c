import { Forward } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { DeliveryProblem } from '../../../shared/schemas/admin-delivery';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useIsSendingAgain, useSendAgain } from './delivery-api';
import { describeProblem } from './describe-problem';

/** Marks the buttons, so the list can move the focus to a neighbour when a row leaves. */
export const SEND_AGAIN_ATTRIBUTE = 'data-send-again';

interface SendAgainButtonProps {
  problem: DeliveryProblem;
  /** Told before the request goes out: the list keeps the focus in place once the row leaves. */
  onSend: (problem: DeliveryProblem) => void;
  className?: string;
}

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * 'Send again' for one row: disabled, with a spinner, while its request runs. Its name says which e-mail
 * ('Send again (Sign-in link to ann@shop.test)').
 */
export function SendAgainButton({ problem, onSend, className }: SendAgainButtonProps) {
  const sendAgain = useSendAgain(problem.id);
  const sending = useIsSendingAgain(problem.id);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasSending = useRef(false);

  // Disabling the button while it sends drops the keyboard's focus; when the row stays (the send failed), the
  // focus comes back to it. A row that leaves takes its button along: then the list moves the focus.
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (!wasSending.current) return;
    wasSending.current = false;
    if (focusIsLost()) buttonRef.current?.focus();
  }, [sending]);

  return (
    <Button
      ref={buttonRef}
      variant="outline"
      size="sm"
      className={cn('min-w-32', className)}
      {...{ [SEND_AGAIN_ATTRIBUTE]: '' }}
      disabled={sending}
      onClick={() => {
        onSend(problem);
        sendAgain.mutate();
      }}
    >
      {sending ? <Spinner className="size-4 text-current" /> : <Forward aria-hidden="true" />}
      {sending ? 'Sending…' : 'Send again'}
      <span className="sr-only"> ({describeProblem(problem)})</span>
    </Button>
  );
}
