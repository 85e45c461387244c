import { useRef, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import type { CreditCheckDetails } from '../../../shared/schemas/credit';
import { orderStatusSchema, type OrderStatus } from '../../../shared/schemas/orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import {
  creditCheckOf,
  refusedReasonOf,
  useUpdateOrderStatus,
  type StaffSetStatus,
  type StatusChange,
} from './admin-orders-queries';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { formatMoney } from '../../lib/format-money';
import { mayMoveOrder, statusOptionsFor } from './admin-order-status';
import { CreditCheckDialog } from './credit-check-dialog';
import { HoldOrderDialog } from './hold-order-dialog';

/** An approval the credit check stopped, waiting for staff's decision. */
interface CreditDecision {
  status: StaffSetStatus;
  details: CreditCheckDetails;
  problem: string | null;
}

/**
 * The row's status dropdown (docs/orders.md#status-changes-by-staff: any status, but never to 'awaiting the
 * buyer's confirmation', an order awaiting it only to Cancelled, and only a pending order to On hold:
 * mayMoveOrder). A change is confirmed first: it may e-mail the customer, and on some systems the arrow keys
 * change a closed select at once; 'On hold' asks for the reason the buyer reads (HoldOrderDialog). An
 * approval the credit check stops (409 CREDIT_CHECK) opens CreditCheckDialog: 'Approve anyway' with a reason,
 * or 'Put on hold'. The chosen status shows while it is saved, and the select is disabled until the server
 * answers; then the keyboard's focus comes back to it.
 */
export function OrderStatusSelect({ order, className }: { order: AdminOrder; className?: string }) {
  const update = useUpdateOrderStatus();
  const [proposed, setProposed] = useState<StaffSetStatus | null>(null);
  const [holdProblem, setHoldProblem] = useState<string | null>(null);
  const [decision, setDecision] = useState<CreditDecision | null>(null);
  const shown = update.isPending ? update.variables.status : (proposed ?? order.status);
  const selectRef = useRef<HTMLSelectElement>(null);
  useFocusBackAfter(update.isPending, selectRef);

  const change = (
    wanted: Omit<StatusChange, 'orderId' | 'version'>,
    after: { onSuccess?: () => void; onError?: (error: unknown, sent: StatusChange) => void } = {},
  ) => update.mutate({ orderId: order.id, version: order.version, ...wanted }, after);

  // A change that approves the order may be stopped by the credit check: staff then decide in the dialog.
  const askOnCreditCheck = (error: unknown, sent: StatusChange) => {
    const details = creditCheckOf(error);
    if (details) setDecision({ status: sent.status, details, problem: null });
  };

  const closeHold = () => {
    setProposed(null);
    setHoldProblem(null);
  };

  const sendingDecision =
    decision && update.isPending
      ? update.variables.status === 'on_hold'
        ? ('hold' as const)
        : ('override' as const)
      : null;

  return (
    <>
      <SelectField
        ref={selectRef}
        label={`Status of order ${order.orderNumber}`}
        hideLabel
        className={className}
        value={shown}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        options={statusOptionsFor(order.status)}
        onChange={(event) => {
          const status = orderStatusSchema.safeParse(event.target.value);
          if (status.success && isStaffSet(status.data) && mayMove(order, status.data)) {
            setProposed(status.data);
          }
        }}
      />
      <ConfirmDialog
        open={proposed !== null && proposed !== 'on_hold'}
        {...(proposed
          ? statusChangeWords(order, proposed)
          : { title: '', description: '', confirmLabel: '' })}
        destructive={proposed === 'cancelled'}
        onCancel={() => setProposed(null)}
        onConfirm={() => {
          if (proposed) change({ status: proposed }, { onError: askOnCreditCheck });
          setProposed(null);
        }}
      />
      {proposed === 'on_hold' ? (
        <HoldOrderDialog
          order={order}
          pending={update.isPending}
          problem={holdProblem}
          onCancel={closeHold}
          onHold={(holdReason) =>
            change(
              { status: 'on_hold', ...(holdReason === undefined ? {} : { holdReason }) },
              {
                onSuccess: closeHold,
                onError: (error, sent) => {
                  const refused = refusedReasonOf(error, sent);
                  if (refused) setHoldProblem(refused);
                  else closeHold();
                },
              },
            )
          }
        />
      ) : null}
      {decision ? (
        <CreditCheckDialog
          order={order}
          status={decision.status}
          details={decision.details}
          sending={sendingDecision}
          problem={decision.problem}
          onCancel={() => setDecision(null)}
          onApproveAnyway={(reason) => decide({ status: decision.status, override: { reason } })}
          onPutOnHold={() => decide({ status: 'on_hold' })}
        />
      ) : null}
    </>
  );

  /** Sends staff's decision; a refusal of it stays in the dialog, any other failure is toasted. */
  function decide(wanted: Omit<StatusChange, 'orderId' | 'version'>) {
    change(wanted, {
      onSuccess: () => setDecision(null),
      onError: (error, sent) => {
        const details = creditCheckOf(error);
        const refused = refusedReasonOf(error, sent);
        if (details || refused) {
          setDecision(
            (current) =>
              current && {
                ...current,
                details: details ?? current.details,
                problem: refused,
              },
          );
        } else setDecision(null);
      },
    });
  }
}

const isStaffSet = (status: OrderStatus): status is StaffSetStatus => status !== 'awaiting_confirmation';

const mayMove = (order: AdminOrder, to: StaffSetStatus) =>
  to !== order.status && mayMoveOrder(order.status, to);

interface StatusChangeWords {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * What the confirmation says a change does (docs/admin.md#orders). Moving a pending order to Processing is
 * the approval: it says so, and that the Shopify invoice goes out with it, on the order's terms.
 */
export function statusChangeWords(order: AdminOrder, next: OrderStatus): StatusChangeWords {
  const name = order.orderNumber;
  if (next === 'processing' && (order.status === 'pending' || order.status === 'on_hold')) {
    const days = PAYMENT_TERMS_DAYS[order.paymentTerms];
    const due =
      days === null
        ? 'to pay now'
        : `due ${days} days from today (${PAYMENT_TERMS_LABELS[order.paymentTerms]})`;
    return {
      title: `Approve order ${name}?`,
      description:
        `Approving moves it to Processing and sends ${order.customerEmail} the Shopify invoice for ` +
        `${formatMoney(order.orderTotal)}, ${due}, with an e-mail that the order is approved.`,
      confirmLabel: 'Approve and send invoice',
    };
  }
  return {
    title: `Change order ${name} to ${ORDER_STATUS_LABELS[next]}?`,
    description:
      order.status === 'awaiting_confirmation'
        ? `${order.customerEmail} has not confirmed it yet. Once cancelled, it can no longer be confirmed.`
        : next === 'pending' && order.status === 'on_hold'
          ? 'The hold is released: the order goes back to waiting for approval.'
          : next === 'pending'
            ? 'The order goes back to waiting for approval: its due date and payment notices stop.'
            : 'The customer is e-mailed about the new status.',
    confirmLabel: 'Change Status',
  };
}
