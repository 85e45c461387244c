import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import type { AdminOrder, AdminOrderItem } from '../../../shared/schemas/admin-orders';
import { shopifyNameLabel } from '../../../shared/orders';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api';
import { adminOrderItemsQueryOptions, LOAD_DETAILS_FAILED } from './admin-orders-queries';
import { PaymentStateBadge } from '../../components/payment-terms';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { formatMoney } from '../../lib/format-money';
import { pluralize } from '../../lib/format';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { SupportMessagesLink } from './support-messages-link';
import { EditOrderLines, type TypedLine } from './edit-order-lines';
import { EditLinesOffer } from './edit-lines-offer';
import { FormAlert } from '../../components/ui/field';

interface OrderItemsDialogProps {
  order: AdminOrder;
  onClose: () => void;
}

/**
 * 'View Items': the order's lines, its total and what the customer wrote (docs/admin.md#orders), and
 * a link to the customer's support messages about the order (issue 7). A pending or awaiting order's lines
 * can be changed here ('Edit lines'); the dialog then shows the order as the server answered it.
 */
export function OrderItemsDialog({ order: listed, onClose }: OrderItemsDialogProps) {
  const items = useQuery(adminOrderItemsQueryOptions(listed.id));
  const { isError, errorUpdatedAt } = items;
  // The order as the last change (or refusal) answered it, while it is newer than the row listed.
  const [answered, setAnswered] = useState<AdminOrder | null>(null);
  const order = answered && answered.version >= listed.version ? answered : listed;
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  // The lines typed when a change was refused because the order had moved on: shown beside the order as it
  // now stands, and 'Edit lines' starts from them (saved with the new version only when staff save again).
  const [typed, setTyped] = useState<TypedLine[] | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  // One notice per failed load (docs/admin.md#admin-messages), not one per render.
  useEffect(() => {
    if (isError) {
      toast.error('Error', { id: `order-items-${listed.id}`, description: LOAD_DETAILS_FAILED });
    }
  }, [isError, errorUpdatedAt, listed.id]);

  // Back from editing, the keyboard goes on from 'Edit lines' (or the lines, when the order can no longer be edited).
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      (editButtonRef.current ?? viewRef.current)?.focus();
    }
  }, [editing]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Order ${order.orderNumber}`}
      description={`${order.businessName} · ${order.customerName} · ${formatDate(order.createdAt, DATE_TIME_FORMAT)}`}
      className="max-w-2xl"
      footer={order.supportMessageCount > 0 ? <SupportMessagesLink order={order} /> : undefined}
    >
      {items.isPending ? (
        <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading order items...
        </p>
      ) : items.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive-muted px-4 py-3 text-sm"
        >
          <div>
            <p className="font-medium">{LOAD_DETAILS_FAILED}</p>
            {serverMessage(items.error, '') ? (
              <p className="text-muted-foreground">{serverMessage(items.error, '')}</p>
            ) : null}
          </div>
          <Button variant="outline" size="sm" className="self-start" onClick={() => void items.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : editing ? (
        <EditOrderLines
          order={order}
          items={items.data}
          reason={reason}
          typed={typed}
          onSaved={(saved) => {
            setAnswered(saved);
            setReason('');
            setTyped(null);
            setEditing(false);
          }}
          onConflict={(current, message, typedReason, typedLines) => {
            setAnswered(current);
            setConflict(message);
            setReason(typedReason);
            setTyped(typedLines);
            setEditing(false);
          }}
          onCancel={() => {
            setTyped(null);
            setEditing(false);
          }}
        />
      ) : (
        <div ref={viewRef} tabIndex={-1} className="flex flex-col gap-4 rounded-sm">
          {conflict ? <FormAlert>{conflict}</FormAlert> : null}
          <OrderLines order={order} items={items.data} />
          {typed ? (
            <UnsavedLines
              order={order}
              typed={typed}
              onForget={() => {
                setTyped(null);
                editButtonRef.current?.focus();
              }}
            />
          ) : null}
          <EditLinesOffer
            order={order}
            waiting={items.isFetching}
            buttonRef={editButtonRef}
            onEdit={() => {
              setConflict(null);
              setEditing(true);
            }}
          />
        </div>
      )}
    </Dialog>
  );
}

/**
 * After a refusal because the order had moved on: the quantities staff typed, not saved, under the order as
 * it now stands. 'Edit lines' starts from them; 'Start from the current lines' forgets them.
 */
function UnsavedLines({
  order,
  typed,
  onForget,
}: {
  order: AdminOrder;
  typed: readonly TypedLine[];
  onForget: () => void;
}) {
  return (
    <section
      aria-label={`Your unsaved lines for order ${order.orderNumber}`}
      className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-3 text-sm"
    >
      <p className="font-medium">Your lines, not saved</p>
      <p className="text-muted-foreground">
        &lsquo;Edit lines&rsquo; starts from them; nothing is saved until you save again.
      </p>
      <ul className="flex flex-col gap-1">
        {typed.map((line) => (
          <li key={line.productId} className="flex justify-between gap-3">
            <span className="break-words">{line.name}</span>
            <span className="whitespace-nowrap tabular-nums">{line.description}</span>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="self-start" onClick={onForget}>
        Start from the current lines
      </Button>
    </section>
  );
}

/** The admin portal writes thousands with a comma: '1,200 bottles'. */
const GROUPED = { grouped: true };

function describeQuantity(item: AdminOrderItem): string {
  if (item.unit === 'tester') return pluralize(item.quantity, 'tester', 'testers', GROUPED);
  if (item.unit === 'bundle') return pluralize(item.quantity, 'bundle', 'bundles', GROUPED);
  const cases = item.caseCount === null ? '' : ` (${pluralize(item.caseCount, 'case', 'cases', GROUPED)})`;
  return `${pluralize(item.quantity, 'bottle', 'bottles', GROUPED)}${cases}`;
}

function OrderLines({ order, items }: { order: AdminOrder; items: readonly AdminOrderItem[] }) {
  return (
    <div className="space-y-4 text-sm">
      {items.length === 0 ? (
        <p className="py-4 text-muted-foreground">This order has no items.</p>
      ) : (
        <ul aria-label={`Items of order ${order.orderNumber}`} className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{item.name}</p>
                {item.sku ? <p className="text-xs text-muted-foreground">SKU: {item.sku}</p> : null}
                <p className="text-muted-foreground">
                  {describeQuantity(item)}
                  {item.unit === 'tester' ? '' : ` × ${formatMoney(item.price)} per ${item.unit}`}
                </p>
              </div>
              <p className="font-medium whitespace-nowrap tabular-nums">
                {item.unit === 'tester' ? 'Free' : formatMoney(item.lineTotal)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-border pt-3">
        <dt className="font-medium">Order total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(order.orderTotal)}</dd>
        <dt className="text-muted-foreground">Cases</dt>
        <dd className="text-right tabular-nums">{order.totalCases}</dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd className="text-right">
          <PaymentStateBadge order={order} />
        </dd>
        <dt className="text-muted-foreground">Payment terms</dt>
        <dd className="text-right">{PAYMENT_TERMS_LABELS[order.paymentTerms]}</dd>
        {order.status === 'on_hold' && order.holdReason ? (
          <>
            <dt className="text-muted-foreground">Hold reason</dt>
            <dd className="text-right wrap-anywhere">{order.holdReason}</dd>
          </>
        ) : null}
        {order.poNumber ? (
          <>
            <dt className="text-muted-foreground">PO number</dt>
            <dd className="text-right break-all">{order.poNumber}</dd>
          </>
        ) : null}
        {order.shopifyOrderId ? (
          <>
            <dt className="text-muted-foreground">Shopify</dt>
            <dd className="text-right break-all">{shopifyNameLabel(order.shopifyOrderId)}</dd>
          </>
        ) : null}
        {order.customerPhone ? (
          <>
            <dt className="text-muted-foreground">Phone</dt>
            <dd className="text-right break-all">{order.customerPhone}</dd>
          </>
        ) : null}
      </dl>
      {order.notes ? (
        <div>
          <p className="font-medium">Notes</p>
          <p className="whitespace-pre-wrap break-words text-muted-foreground">{order.notes}</p>
        </div>
      ) : null}
    </div>
  );
}
