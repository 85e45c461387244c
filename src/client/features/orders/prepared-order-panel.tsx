import { Check, ClipboardList, X } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_CHANGE_REASON_LENGTH, ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import type { OrderDetail, PreparedOrder } from '../../../shared/schemas/orders';
import { StoreName } from '../../components/store-name';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { useOrderAction } from './order-action';

/** What a viewer reads in place of the buttons (docs/companies.md#people-and-roles). */
export const VIEWER_CANNOT_CONFIRM = 'An owner or buyer of your company must confirm or decline this order.';

interface PreparedOrderPanelProps {
  order: OrderDetail;
  orderTotal: string;
  /** An owner or buyer: Confirm and Decline; a viewer reads who must. */
  mayChange: boolean;
}

/**
 * An order staff prepared for the buyer (docs/storefront.md#orders-prepared-for-you): who prepared it, their
 * note and, while it awaits the buyer, the total, the date it must be confirmed by and Confirm / Decline.
 * Once it was confirmed, declined or expired, what happened. Nothing for an order the buyer placed.
 */
export function PreparedOrderPanel({ order, orderTotal, mayChange }: PreparedOrderPanelProps) {
  const titleId = useId();
  const { prepared } = order;
  if (!prepared) return null;
  const awaiting = order.status === 'awaiting_confirmation';
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'min-w-0 space-y-3 rounded-2xl border p-4 shadow-sm sm:p-6',
        awaiting ? 'border-2 border-primary bg-accent' : 'border-border bg-card',
      )}
    >
      <h2 id={titleId} className="flex items-start gap-2 text-xl font-semibold">
        <ClipboardList aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <span>
          Prepared for you by <StoreName /> staff
        </span>
      </h2>
      {prepared.note ? (
        <div className="text-sm">
          <p className="font-medium">Their note</p>
          <p className="whitespace-pre-line break-words">{prepared.note}</p>
        </div>
      ) : null}
      {awaiting ? (
        <>
          <p className="text-sm">
            Please check the items and the total of this order: it is placed only once you confirm it.
          </p>
          <p className="flex flex-wrap justify-between gap-x-3 text-base font-semibold">
            <span>Total</span>
            <span className="tabular-nums">{formatMoney(orderTotal)}</span>
          </p>
          <p className="font-medium">Please confirm by {formatDate(prepared.expiresAt, DATE_TIME_FORMAT)}.</p>
          {mayChange ? (
            <ConfirmOrDecline order={order} />
          ) : (
            <p className="text-sm text-muted-foreground">{VIEWER_CANNOT_CONFIRM}</p>
          )}
        </>
      ) : (
        <PreparedOutcome prepared={prepared} />
      )}
    </section>
  );
}

/** How a prepared order's wait ended: confirmed (by whom), declined (with the reason), or expired. */
function PreparedOutcome({ prepared }: { prepared: PreparedOrder }) {
  if (prepared.declinedAt) {
    return (
      <div className="space-y-1 text-sm">
        <p>Declined on {formatDate(prepared.declinedAt, DATE_TIME_FORMAT)}.</p>
        {prepared.declineReason ? (
          <p className="whitespace-pre-line break-words">Reason: {prepared.declineReason}</p>
        ) : null}
      </div>
    );
  }
  if (prepared.expiredAt) return <p className="text-sm">{ORDER_HANDS_MESSAGES.expired}</p>;
  if (prepared.confirmedAt) {
    const by = prepared.confirmedBy ? ` by ${prepared.confirmedBy.name}` : '';
    return (
      <p className="text-sm">
        Confirmed{by} on {formatDate(prepared.confirmedAt, DATE_TIME_FORMAT)}.
      </p>
    );
  }
  return null;
}

/**
 * Confirm places the order at once (docs/orders.md#concurrent-changes: the version on screen); Decline asks
 * first, with an optional reason for staff.
 */
function ConfirmOrDecline({ order }: { order: OrderDetail }) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const confirm = useOrderAction({
    orderId: order.id,
    action: 'confirm',
    done: `Order ${order.orderNumber} confirmed.`,
    failed: 'Could not confirm the order. Please try again.',
  });
  const decline = useOrderAction({
    orderId: order.id,
    action: 'decline',
    done: `Order ${order.orderNumber} declined.`,
    failed: 'Could not decline the order. Please try again.',
    onSettled: () => setDeclining(false),
  });
  const busy = confirm.isPending || decline.isPending;

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          disabled={busy}
          aria-busy={confirm.isPending || undefined}
          onClick={() => confirm.mutate({ version: order.version })}
        >
          <Check aria-hidden="true" />
          Confirm
        </Button>
        <Button size="lg" variant="outline" disabled={busy} onClick={() => setDeclining(true)}>
          <X aria-hidden="true" />
          Decline
        </Button>
      </div>
      <Dialog
        open={declining}
        onClose={() => setDeclining(false)}
        title={`Decline order ${order.orderNumber}?`}
        description="The order will not be placed, and our team is told. You may tell them why."
        footer={
          <>
            <Button variant="outline" onClick={() => setDeclining(false)}>
              Keep order
            </Button>
            <Button
              variant="destructive"
              disabled={decline.isPending}
              onClick={() => {
                const trimmed = reason.trim();
                decline.mutate(
                  trimmed ? { version: order.version, reason: trimmed } : { version: order.version },
                );
              }}
            >
              Decline order
            </Button>
          </>
        }
      >
        <TextAreaField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, MAX_CHANGE_REASON_LENGTH))}
          maxLength={MAX_CHANGE_REASON_LENGTH}
          rows={3}
          hint={
            <span className="tabular-nums">
              {reason.length}/{MAX_CHANGE_REASON_LENGTH} characters
            </span>
          }
        />
      </Dialog>
    </>
  );
}
