import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { holdReasonSchema, MAX_CREDIT_REASON_LENGTH } from '../../../shared/schemas/credit';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';

interface HoldOrderDialogProps {
  order: AdminOrder;
  pending: boolean;
  /** The server's refusal of the hold ('Say why the order is on hold'), shown under the reason. */
  problem: string | null;
  /** `reason` undefined: none given, for the server to word the company's credit problem. */
  onHold: (reason: string | undefined) => void;
  onCancel: () => void;
}

/**
 * 'On hold' chosen in a pending order's status select (docs/credit.md#credit-hold-at-approval): staff say
 * why, in words the buyer reads on the order's page and in the e-mail. When the company is over its limit
 * or has an overdue payment the reason may be left out: the server then words it from the credit problem,
 * and refuses an empty reason otherwise ('Say why the order is on hold', shown under the field).
 */
export function HoldOrderDialog({ order, pending, problem, onHold, onCancel }: HoldOrderDialogProps) {
  const [reason, setReason] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const shownProblem = typedProblem ?? problem;

  // A problem takes the keyboard to the reason, where it is shown.
  useEffect(() => {
    if (shownProblem) reasonRef.current?.focus();
  }, [shownProblem]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (reason.trim() === '') {
      setTypedProblem(null);
      onHold(undefined);
      return;
    }
    const parsed = holdReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setTypedProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setTypedProblem(null);
    onHold(parsed.data);
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Put order ${order.orderNumber} on hold?`}
      description={`It waits for your decision and is not invoiced; ${order.customerEmail} is e-mailed that it is on hold, with the reason.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          ref={reasonRef}
          label="Reason for the hold"
          rows={3}
          maxLength={MAX_CREDIT_REASON_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint="The buyer reads it. Leave it empty only when the company is over its credit limit or has an overdue payment: the reason is then worded from that."
          error={shownProblem}
        />
        <FormActions
          onCancel={onCancel}
          pending={pending}
          label="Put on hold"
          pendingLabel="Putting on hold..."
        />
      </form>
    </Dialog>
  );
}
