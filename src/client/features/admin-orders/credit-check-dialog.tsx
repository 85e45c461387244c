import { useState, type FormEvent } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import {
  creditOverrideSchema,
  MAX_CREDIT_REASON_LENGTH,
  type CreditCheckDetails,
} from '../../../shared/schemas/credit';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert, TextAreaField } from '../../components/ui/field';
import { formatMoney } from '../../lib/format-money';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import type { StaffSetStatus } from './admin-orders-queries';

/** The dialog's words (docs/admin.md#orders), shared with its tests. */
export const CREDIT_CHECK_WORDS = {
  title: 'Credit check',
  summaryPrefix: 'Credit check: ',
  approveAnyway: 'Approve anyway',
  putOnHold: 'Put on hold',
  reasonLabel: 'Reason for approving anyway',
} as const;

interface CreditCheckDialogProps {
  order: AdminOrder;
  /** The approved status staff chose (Processing, Shipped or Delivered). */
  status: StaffSetStatus;
  details: CreditCheckDetails;
  /** Which decision is being sent, if any: its button says so and every button waits. */
  sending: 'override' | 'hold' | null;
  /** The server's refusal of the decision, shown in the dialog. */
  problem: string | null;
  onApproveAnyway: (reason: string) => void;
  onPutOnHold: () => void;
  onCancel: () => void;
}

/**
 * An approval the credit check stopped (409 CREDIT_CHECK, docs/credit.md#credit-hold-at-approval): staff
 * read why ('Credit check: over the limit by $234.00 · 12 days overdue') and decide. 'Approve anyway' needs
 * their reason (kept in the audit log) and sends the same change with `override: { reason }`; 'Put on hold'
 * moves the order to On hold, the server wording the buyer's reason from the credit problem; Cancel leaves
 * the order as it is.
 */
export function CreditCheckDialog({
  order,
  status,
  details,
  sending,
  problem,
  onApproveAnyway,
  onPutOnHold,
  onCancel,
}: CreditCheckDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = sending !== null;

  const approveAnyway = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = creditOverrideSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    setReasonError(null);
    onApproveAnyway(parsed.data.reason);
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      title={CREDIT_CHECK_WORDS.title}
      description={`${CREDIT_CHECK_WORDS.summaryPrefix}${details.summary}`}
    >
      <form onSubmit={approveAnyway} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          Moving order {order.orderNumber} ({formatMoney(order.orderTotal)}, {order.businessName}) to{' '}
          {ORDER_STATUS_LABELS[status]} needs your decision. Approve it anyway with your reason, which is kept
          in the audit log, or put it on hold: the buyer reads why on the order&rsquo;s page, and it is not
          invoiced until it is approved.
        </p>
        <TextAreaField
          label={CREDIT_CHECK_WORDS.reasonLabel}
          required
          rows={3}
          maxLength={MAX_CREDIT_REASON_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint="Required to approve anyway; not needed to put the order on hold."
          error={reasonError}
        />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="outline" disabled={busy} onClick={onPutOnHold}>
            {sending === 'hold' ? 'Putting on hold...' : CREDIT_CHECK_WORDS.putOnHold}
          </Button>
          <Button type="submit" disabled={busy}>
            {sending === 'override' ? 'Approving...' : CREDIT_CHECK_WORDS.approveAnyway}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
