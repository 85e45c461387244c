import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_NOTES_LENGTH, MAX_PO_NUMBER_LENGTH } from '../../../shared/limits';
import { prepareOrderRequestSchema, type Orderer } from '../../../shared/schemas/order-changes';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field, TextAreaField } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import {
  JUDGED_ON_SUBMIT,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
} from '../../lib/form';
import { usePrepareOrder } from './order-changes-queries';
import { judgeDraft, type DraftLine, type JudgedDraft } from './order-draft';
import { OrderDraftProblems, OrderProductsLoading, ServerRefusal } from './order-draft-messages';
import { useOrderCatalogue, type OrderCatalogue } from './order-catalogue-query';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderTotals } from './order-totals';
import { OrdererPicker } from './orderer-picker';

/** What the form's own fields hold; the person, location and quantities are kept beside them. */
interface DetailsForm {
  note: string;
  poNumber: string;
  approveOnConfirm: boolean;
}

const detailsSchema = prepareOrderRequestSchema.pick({ note: true, poNumber: true, approveOnConfirm: true });

const CHOOSE_ORDERER = 'Choose who the order is for.';
const PREPARE_ORDER_FALLBACK = 'Failed to create the order';

/**
 * 'New order' (docs/admin.md#orders): staff prepare an order for an owner or buyer, at one of their
 * locations, priced as the buyer's order form prices it, with a note to the buyer, an optional PO number
 * and whether to approve it once the buyer confirms it. The buyer is e-mailed to confirm it. The cart rules
 * are shown before anything is sent; a refusal is shown in the dialog, with everything typed kept. Closing it
 * (Escape, the backdrop, Close or Cancel) once something was chosen or typed asks first ('Discard this
 * order?'). A person with no location cannot be ordered for: 'Create order' is disabled and says why.
 */
export function NewOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <NewOrderForm onClose={onClose} /> : null;
}

function NewOrderForm({ onClose }: { onClose: () => void }) {
  const { catalogue, error: catalogueError, retry } = useOrderCatalogue();
  // One key per opening of the dialog: a retry or a second press answers with the order it made.
  const [requestKey] = useState(newRequestKey);
  const [orderer, setOrderer] = useState<Orderer | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [quantities, setQuantities] = useState<Readonly<Record<number, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const noLocationId = useId();
  const prepare = usePrepareOrder({ onCreated: onClose });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<
    DetailsForm,
    unknown,
    { note: string | null; poNumber: string | null; approveOnConfirm: boolean }
  >({
    resolver: schemaResolver(detailsSchema),
    defaultValues: { note: '', poNumber: '', approveOnConfirm: false },
    ...JUDGED_ON_SUBMIT,
  });

  const draft = useMemo(
    () =>
      (catalogue?.products ?? []).map((product) => ({
        productId: product.id,
        quantity: quantities[product.id] ?? '',
      })),
    [catalogue, quantities],
  );
  const judged = useMemo(
    () => catalogue && judgeDraft(catalogue.catalog, draft, (id) => `Product ${id}`),
    [catalogue, draft],
  );
  const typed = Object.values(quantities).some((text) => text.trim() !== '' && text !== '0');
  // Anything chosen or typed is asked about before the dialog closes.
  const touched = orderer !== null || Object.values(quantities).some((text) => text !== '') || isDirty;
  const requestClose = () => (touched ? setAskingDiscard(true) : onClose());
  // The server refuses an order for a person with no location (422): it is not offered.
  const noLocation = orderer !== null && orderer.locations.length === 0;

  // The problem with the person is the form's first: after a try without one, the keyboard goes to the
  // people (or the search).
  const [pickerFocusRequest, setPickerFocusRequest] = useState(0);
  useEffect(() => {
    if (pickerFocusRequest === 0) return;
    const picker = pickerRef.current;
    (
      picker?.querySelector<HTMLElement>('input[type="radio"]') ??
      picker?.querySelector<HTMLElement>('input[type="search"]')
    )?.focus();
  }, [pickerFocusRequest]);

  // Every problem shows at once: the person, the lines (their own messages) and the fields under each.
  const send = handleSubmit((details) => {
    if (!orderer || noLocation || !judged || judged.problems.length > 0) return;
    const request = {
      userId: orderer.userId,
      ...(locationId === null ? {} : { locationId }),
      items: judged.lines,
      ...details,
      requestKey,
    };
    prepare.mutate(
      { request, ordererName: orderer.name },
      { onError: (refusal) => showServerFieldProblems(refusal, setError, ['note', 'poNumber']) },
    );
  });

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        title="New order"
        description="Prepare an order for a buyer. They are e-mailed to confirm or decline it; it is approved and invoiced only after that."
        className="max-w-3xl"
      >
        <form
          onSubmit={submitUnlessPending(prepare.isPending, async (event) => {
            setAttempted(true);
            await send(event);
            if (!orderer) setPickerFocusRequest((count) => count + 1);
          })}
          noValidate
          className="flex flex-col gap-5"
        >
          <OrdererPicker
            ref={pickerRef}
            chosen={orderer}
            onChoose={(person) => {
              setOrderer(person);
              setLocationId(person.locations[0]?.id ?? null);
            }}
            problem={attempted && !orderer ? CHOOSE_ORDERER : null}
          />
          {orderer ? (
            <LocationChoice
              orderer={orderer}
              value={locationId}
              onChange={setLocationId}
              noLocationId={noLocationId}
            />
          ) : null}

          {catalogue && judged ? (
            <ProductsPart
              catalogue={catalogue}
              draft={draft}
              judged={judged}
              showProblems={attempted || typed}
              onQuantity={(productId, text) => setQuantities((now) => ({ ...now, [productId]: text }))}
            />
          ) : (
            <OrderProductsLoading error={catalogueError} onRetry={retry} />
          )}

          <TextAreaField
            label="Note to the buyer"
            rows={3}
            maxLength={MAX_NOTES_LENGTH}
            hint="Shown to the buyer with the order and in the e-mail asking them to confirm it (optional)."
            {...register('note')}
            error={errors.note?.message && `Note to the buyer ${errors.note.message}`}
          />
          <Field
            label="PO number (optional)"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_PO_NUMBER_LENGTH}
            {...register('poNumber')}
            error={errors.poNumber?.message && `PO number ${errors.poNumber.message}`}
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" {...register('approveOnConfirm')} />
            <span>
              <span className="block font-medium">Approve as soon as the buyer confirms</span>
              <span className="block text-muted-foreground">
                Otherwise the confirmed order waits for approval like any other.
              </span>
            </span>
          </label>

          <ServerRefusal error={prepare.error} fallback={PREPARE_ORDER_FALLBACK} />
          <FormActions
            onCancel={requestClose}
            pending={prepare.isPending}
            disabled={!catalogue || noLocation}
            describedBy={noLocation ? noLocationId : undefined}
            label="Create order"
            pendingLabel="Creating..."
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={askingDiscard}
        title="Discard this order?"
        description="What you chose and typed for the new order is lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={onClose}
        onCancel={() => setAskingDiscard(false)}
      />
    </>
  );
}

function LocationChoice({
  orderer,
  value,
  onChange,
  noLocationId,
}: {
  orderer: Orderer;
  value: number | null;
  onChange: (id: number) => void;
  /** The id of the sentence saying why no order can be made, which 'Create order' points to. */
  noLocationId: string;
}) {
  if (orderer.locations.length === 0) {
    return (
      <p id={noLocationId} className="text-sm text-destructive">
        {orderer.name} has no location on file, so no order can be made for them. Give them a location in
        their company first.
      </p>
    );
  }
  return (
    <SelectField
      label="Location"
      value={value === null ? '' : String(value)}
      options={orderer.locations.map((location) => ({ value: String(location.id), label: location.name }))}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}

function ProductsPart({
  catalogue,
  draft,
  judged,
  showProblems,
  onQuantity,
}: {
  catalogue: OrderCatalogue;
  draft: readonly DraftLine[];
  judged: JudgedDraft;
  showProblems: boolean;
  onQuantity: (productId: number, text: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <OrderLinesEditor
        label="Products of the new order"
        catalog={catalogue.catalog}
        draft={draft}
        priced={judged.priced}
        onQuantity={onQuantity}
        nameOf={(id) => `Product ${id}`}
      />
      <OrderTotals priced={judged.priced} />
      <OrderDraftProblems
        problems={showProblems ? judged.problems : []}
        discountsMissing={catalogue.discountsMissing}
      />
    </div>
  );
}

/** 128 random bits as hex (getRandomValues works on plain-HTTP origins too, unlike randomUUID). */
function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
