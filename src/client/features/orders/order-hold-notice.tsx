import { CirclePause } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '../../../shared/orders';
import type { OrderDetail } from '../../../shared/schemas/orders';

/**
 * An order on hold (docs/storefront.md#order-on-hold): 'On hold', why (staff's words or the credit check's,
 * `holdReason`), that the team will be in touch, and a link to contact support about this order. Nothing for
 * an order that is not on hold.
 */
export function OrderHoldNotice({ order }: { order: Pick<OrderDetail, 'id' | 'status' | 'holdReason'> }) {
  const titleId = useId();
  if (order.status !== 'on_hold') return null;
  const reason = order.holdReason?.trim();
  return (
    <section
      aria-labelledby={titleId}
      className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
    >
      <CirclePause aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 space-y-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {ORDER_STATUS_LABELS.on_hold}
        </h2>
        {reason ? (
          <p className="text-sm">
            <span className="font-medium">Reason: </span>
            <span className="whitespace-pre-line break-words">{reason}</span>
          </p>
        ) : null}
        <p className="text-sm">
          It is not approved while on hold. Our team will be in touch about it; questions in the meantime?{' '}
          <Link
            to={`/support?order=${order.id}&type=order_issue`}
            className="font-medium underline underline-offset-2"
          >
            Contact support
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
