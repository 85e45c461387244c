import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CART_MESSAGES } from '../../../shared/cart-rules';
import { lineKind } from '../../../shared/pricing';
import type { AdminOrder, AdminOrderItem } from '../../../shared/schemas/admin-orders';
import {
  MAX_CHANGE_REASON_LENGTH,
  ORDER_HANDS_MESSAGES,
  staffEditOrderRequestSchema,
} from '../../../shared/schemas/order-changes';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { pluralize } from '../../lib/format';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { ApiError } from '../../lib/api';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { currentAdminOrderOf } from './admin-orders-queries';
import { useStaffEditOrder } from './order-changes-queries';
import { useOrderCatalogue, type OrderCatalogue } from './order-catalogue-query';
import { judgeDraft, unitOf, type DraftLine } from './order-draft';
import { OrderDraftProblems, OrderProductsLoading, ServerRefusal } from './order-draft-messages';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderTotals } from './order-totals';

const reasonSchema = staffEditOrderRequestSchema.pick({ reason: true });
const REASON_LABEL = 'Reason for the change';
const EDIT_ORDER_FALLBACK = 'Failed to change the order';

/** A line staff typed that was not saved (the order changed meanwhile), named for showing beside the order's. */
export interface TypedLine extends DraftLine {
  name: string;
  /** '36 bottles', '2 bundles', 'Included'. */
  description: string;
}

interface EditOrderLinesProps {
  /** The order as shown: its version is what the change is made from. */
  order: AdminOrder;
  items: readonly AdminOrderItem[];
  /** The reason typed before (kept when a change was refused because the order had moved on). */
  reason: string;
  /**
   * The lines typed before a change was refused because the order had moved on: the form starts from them
   * (saved, they are sent with the version of the order as it now stands), else from the order's lines.
   */
  typed?: readonly DraftLine[] | null;
  onSaved: (order: AdminOrder) => void;
  /**
   * The order changed since it was shown (409): the row as it now stands, the server's words, the reason and
   * the lines typed.
   */
  onConflict: (current: AdminOrder, message: string, reason: string, typed: TypedLine[]) => void;
  onCancel: () => void;
}

/** The order's lines as a draft: one line per product (two lines of one product are added up). */
function draftOf(items: readonly AdminOrderItem[]): DraftLine[] {
  const quantities = new Map<number, number>();
  for (const item of items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity: String(quantity) }));
}

/**
 * 'Edit lines' (docs/admin.md#orders): staff change the quantities of a pending or awaiting order, remove a
 * line or add a product, and say why (the buyer is told). The new total shows beside the current one, priced
 * as the buyer's order form prices it; 'Save changes' sends the lines with the version on screen, so a
 * change the buyer or another administrator made meanwhile is never overwritten.
 */
export function EditOrderLines(props: EditOrderLinesProps) {
  const { catalogue, error, retry } = useOrderCatalogue();
  // 'Edit lines' is gone: the focus comes here, then to the first line once the form is drawn.
  const placeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The form's own effect ran first when the catalogue was already there: its first field keeps the focus.
    if (!placeRef.current?.contains(document.activeElement)) placeRef.current?.focus();
  }, []);
  return (
    <div ref={placeRef} tabIndex={-1} className="rounded-sm">
      {catalogue ? (
        <EditOrderLinesForm {...props} catalogue={catalogue} />
      ) : (
        <OrderProductsLoading error={error} onRetry={retry} />
      )}
    </div>
  );
}

function EditOrderLinesForm({
  order,
  items,
  reason,
  typed,
  onSaved,
  onConflict,
  onCancel,
  catalogue,
}: EditOrderLinesProps & { catalogue: OrderCatalogue }) {
  const [draft, setDraft] = useState(() =>
    typed ? typed.map(({ productId, quantity }) => ({ productId, quantity })) : draftOf(items),
  );
  const edit = useStaffEditOrder(order.id);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<{ reason: string }, unknown, { reason: string }>({
    resolver: schemaResolver(reasonSchema),
    defaultValues: { reason },
    ...JUDGED_ON_SUBMIT,
  });
  const nameOf = useCallback(
    (productId: number) => items.find((item) => item.productId === productId)?.name ?? `Product ${productId}`,
    [items],
  );
  const judged = useMemo(() => {
    const result = judgeDraft(catalogue.catalog, draft, nameOf);
    // An order keeps at least one line: dropping it all is a cancellation.
    const problems = result.problems.map((problem) =>
      problem === CART_MESSAGES.empty ? ORDER_HANDS_MESSAGES.noLines : problem,
    );
    return { ...result, problems };
  }, [catalogue, draft, nameOf]);

  const send = handleSubmit(({ reason: why }) => {
    if (judged.problems.length > 0) return;
    edit.mutate(
      { version: order.version, items: judged.lines, reason: why },
      {
        onSuccess: (answer) => onSaved(answer.order),
        onError: (refusal) => {
          const current = refusal instanceof ApiError ? currentAdminOrderOf(refusal.details) : null;
          if (current && refusal instanceof ApiError) {
            const lines = draft.map((line) => describeTypedLine(catalogue, line, nameOf(line.productId)));
            onConflict(current, refusal.detail, getValues('reason'), lines);
          }
        },
      },
    );
  });

  const reasonProblem = errors.reason?.message;
  return (
    <form
      ref={formRef}
      onSubmit={submitUnlessPending(edit.isPending, send)}
      noValidate
      aria-label={`Edit the lines of order ${order.orderNumber}`}
      className="flex flex-col gap-4 text-sm"
    >
      {typed ? (
        <p className="rounded-md border border-border bg-muted px-3 py-2">
          These are the quantities you typed before the order changed. Check them against the order as it now
          stands (its current total is below) before saving them.
        </p>
      ) : null}
      <OrderLinesEditor
        label={`Lines of order ${order.orderNumber}`}
        catalog={catalogue.catalog}
        draft={draft}
        priced={judged.priced}
        onQuantity={(productId, text) =>
          setDraft((lines) =>
            lines.map((line) => (line.productId === productId ? { productId, quantity: text } : line)),
          )
        }
        onRemove={(productId) => setDraft((lines) => lines.filter((line) => line.productId !== productId))}
        nameOf={nameOf}
      />
      <AddProduct
        catalogue={catalogue}
        draft={draft}
        onAdd={(line) => setDraft((lines) => [...lines, line])}
      />
      <OrderTotals priced={judged.priced} previousTotal={order.orderTotal} />
      <OrderDraftProblems problems={judged.problems} discountsMissing={catalogue.discountsMissing} />
      <TextAreaField
        label={REASON_LABEL}
        rows={2}
        required
        maxLength={MAX_CHANGE_REASON_LENGTH}
        hint="Sent to the buyer with the change."
        {...register('reason')}
        error={
          reasonProblem &&
          (reasonProblem === 'reason is required'
            ? `${REASON_LABEL} is required`
            : `${REASON_LABEL} ${reasonProblem}`)
        }
      />
      <ServerRefusal error={edit.error} fallback={EDIT_ORDER_FALLBACK} />
      <FormActions
        onCancel={onCancel}
        pending={edit.isPending}
        label="Save changes"
        pendingLabel="Saving..."
      />
    </form>
  );
}

/** A typed line named and described ('36 bottles'), to be shown beside the order's current lines. */
function describeTypedLine(catalogue: OrderCatalogue, line: DraftLine, fallbackName: string): TypedLine {
  const product = catalogue.catalog.products.get(line.productId);
  const quantity = Number(line.quantity.trim() || '0');
  let description = line.quantity;
  if (product && Number.isSafeInteger(quantity)) {
    const unit = unitOf(product);
    if (unit === 'tester') description = quantity > 0 ? 'Included' : 'Not included';
    else description = pluralize(quantity, unit, `${unit}s`, { grouped: true });
  }
  return { ...line, name: product?.name ?? fallbackName, description };
}

/** 'Add a product': any product of the catalogue the order has no line of, at one case (or one unit). */
function AddProduct({
  catalogue,
  draft,
  onAdd,
}: {
  catalogue: OrderCatalogue;
  draft: readonly DraftLine[];
  onAdd: (line: DraftLine) => void;
}) {
  const [chosen, setChosen] = useState('');
  const addable = catalogue.products.filter(
    (product) => !draft.some((line) => line.productId === product.id),
  );
  if (addable.length === 0) return null;
  const add = () => {
    const product = catalogue.catalog.products.get(Number(chosen));
    if (!product) return;
    const quantity = lineKind(product) === 'case' ? Math.max(product.caseSize, 1) : 1;
    onAdd({ productId: product.id, quantity: String(quantity) });
    setChosen('');
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <SelectField
        label="Add a product"
        className="sm:flex-1"
        value={chosen}
        options={[
          { value: '', label: 'Choose a product' },
          ...addable.map((product) => ({
            value: String(product.id),
            label: `${product.name} (${product.sku})`,
          })),
        ]}
        onChange={(event) => setChosen(event.target.value)}
      />
      {/* Never disabled: it keeps the keyboard's focus after adding; with nothing chosen it does nothing. */}
      <Button variant="outline" onClick={add}>
        <Plus aria-hidden="true" />
        Add
      </Button>
    </div>
  );
}
