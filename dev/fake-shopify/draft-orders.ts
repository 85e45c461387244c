import { randomUUID } from 'node:crypto';
import type { Cents } from '../../src/shared/money';
import type { UserError } from './catalogue';
import { applyPurchasingEntity, checkPurchasingEntity, type PurchasingInput } from './draft-purchasing';
import { EMAIL, invoiceRecipient, type InvoiceEmail } from './email';
import { createOrderFromDraft } from './orders';
import { buildPaymentTerms, checkPaymentTerms, type PaymentTermsInput } from './payment-terms';
import type {
  FakeAddress,
  FakeAttribute,
  FakeDiscount,
  FakeDraftLine,
  FakeDraftOrder,
  SentInvoice,
} from './state';
import type { FakeStore } from './store';

/** Shopify caps a draft order at 499 line items (docs/shopify.md#draft-orders). */
export const MAX_DRAFT_LINES = 499;

export interface MoneyAmount {
  amount: Cents;
  currencyCode: string;
}

/** DraftOrderLineItemInput after the GraphQL layer: ids resolved to numbers, money to cents. */
export interface DraftLineInput {
  /** undefined: a custom line; null: a GID that names no variant (another type). */
  variantId: number | null | undefined;
  quantity: number;
  priceOverride?: MoneyAmount | null;
  generatePriceOverride?: boolean | null;
  originalUnitPriceWithCurrency?: MoneyAmount | null;
  /** Deprecated plain-decimal custom price, still accepted (docs/shopify.md#draft-orders). */
  originalUnitPrice?: Cents | null;
  appliedDiscount?: FakeDiscount | null;
  title?: string | null;
  sku?: string | null;
  taxable?: boolean | null;
  requiresShipping?: boolean | null;
  customAttributes?: FakeAttribute[] | null;
  uuid?: string | null;
}

/** DraftOrderInput: undefined = leave as is (update), null = clear. */
export interface DraftOrderInput extends PurchasingInput {
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  poNumber?: string | null;
  tags?: string[] | null;
  customAttributes?: FakeAttribute[] | null;
  shippingAddress?: FakeAddress | null;
  billingAddress?: FakeAddress | null;
  lineItems?: DraftLineInput[] | null;
  appliedDiscount?: FakeDiscount | null;
  shippingLine?: { title: string; price: Cents } | null;
  taxExempt?: boolean | null;
  visibleToCustomer?: boolean | null;
  sourceName?: string | null;
  paymentTerms?: PaymentTermsInput | null;
}

type DraftResult = { draftOrder: FakeDraftOrder | null; userErrors: UserError[] };

function checkDiscount(
  discount: FakeDiscount | null | undefined,
  field: string[],
  errors: UserError[],
): void {
  if (!discount) return;
  if (discount.value < 0)
    errors.push({ field: [...field, 'value'], message: 'Value must be greater than or equal to 0' });
  if (discount.valueType === 'PERCENTAGE' && discount.value > 100) {
    errors.push({ field: [...field, 'value'], message: 'Value must be less than or equal to 100' });
  }
}

function checkInput(store: FakeStore, input: DraftOrderInput, creating: boolean): UserError[] {
  const errors: UserError[] = [];
  if (input.email != null && !EMAIL.test(input.email))
    errors.push({ field: ['email'], message: 'Email is invalid' });
  checkDiscount(input.appliedDiscount, ['appliedDiscount'], errors);
  if (input.shippingLine && input.shippingLine.price < 0) {
    errors.push({
      field: ['shippingLine', 'priceWithCurrency'],
      message: 'Price must be greater than or equal to 0',
    });
  }
  const lines = input.lineItems;
  if (creating || lines !== undefined) {
    if (!lines || lines.length === 0) {
      errors.push({ field: ['lineItems'], message: 'Add at least 1 product' });
    } else if (lines.length > MAX_DRAFT_LINES) {
      errors.push({ field: ['lineItems'], message: `Line items can't exceed ${MAX_DRAFT_LINES}` });
    }
  }
  (lines ?? []).slice(0, MAX_DRAFT_LINES + 1).forEach((line, index) => {
    const at = (...rest: string[]) => ['lineItems', String(index), ...rest];
    if (line.quantity < 1)
      errors.push({ field: at('quantity'), message: 'Quantity must be greater than or equal to 1' });
    if (line.variantId === undefined) {
      if (!line.title?.trim()) errors.push({ field: at('title'), message: "Title can't be blank" });
      const price = line.originalUnitPriceWithCurrency?.amount ?? line.originalUnitPrice ?? 0;
      if (price < 0) {
        errors.push({
          field: at('originalUnitPriceWithCurrency'),
          message: 'Price must be greater than or equal to 0',
        });
      }
    } else if (line.variantId === null || !store.variants.has(line.variantId)) {
      errors.push({ field: at('variantId'), message: 'Product variant does not exist' });
    }
    if (line.priceOverride && line.priceOverride.amount < 0) {
      errors.push({
        field: at('priceOverride', 'amount'),
        message: 'Price override must be greater than or equal to 0',
      });
    }
    checkDiscount(line.appliedDiscount, at('appliedDiscount'), errors);
  });
  checkPaymentTerms(store, input.paymentTerms, errors);
  errors.push(...checkPurchasingEntity(store, input));
  return errors;
}

function buildLine(store: FakeStore, input: DraftLineInput): FakeDraftLine {
  const variant = input.variantId == null ? undefined : store.variants.get(input.variantId);
  const product = variant ? store.products.get(variant.productId) : undefined;
  const priceOverride =
    input.priceOverride ??
    (input.generatePriceOverride && variant
      ? { amount: variant.price, currencyCode: store.shop.currencyCode }
      : null);
  if (variant) {
    // title, sku, taxable, requiresShipping and originalUnitPrice* are ignored when variantId is set
    // (docs/shopify.md#draft-order-contents).
    return {
      id: store.nextId('draftLine'),
      uuid: input.uuid ?? randomUUID(),
      variantId: variant.id,
      productId: variant.productId,
      title: product?.title ?? variant.title,
      variantTitle: variant.title === 'Default Title' ? null : variant.title,
      sku: variant.sku,
      vendor: product?.vendor ?? null,
      quantity: input.quantity,
      customPrice: null,
      catalogPriceAtCreation: variant.price,
      priceOverride,
      appliedDiscount: input.appliedDiscount ?? null,
      customAttributes: input.customAttributes ?? [],
      taxable: variant.taxable,
      requiresShipping: true,
    };
  }
  const customPrice = input.originalUnitPriceWithCurrency?.amount ?? input.originalUnitPrice ?? 0;
  return {
    id: store.nextId('draftLine'),
    uuid: input.uuid ?? randomUUID(),
    variantId: null,
    productId: null,
    title: input.title ?? '',
    variantTitle: null,
    sku: input.sku ?? null,
    vendor: null,
    quantity: input.quantity,
    customPrice,
    catalogPriceAtCreation: customPrice,
    priceOverride: input.priceOverride ?? null,
    appliedDiscount: input.appliedDiscount ?? null,
    customAttributes: input.customAttributes ?? [],
    taxable: input.taxable ?? true,
    requiresShipping: input.requiresShipping ?? true,
  };
}

function applyInput(store: FakeStore, draft: FakeDraftOrder, input: DraftOrderInput): void {
  if (input.email !== undefined) draft.email = input.email;
  if (input.phone !== undefined) draft.phone = input.phone;
  if (input.note !== undefined) draft.note = input.note;
  if (input.poNumber !== undefined) draft.poNumber = input.poNumber;
  if (input.tags !== undefined) draft.tags = normaliseTags(input.tags ?? []);
  if (input.customAttributes !== undefined) draft.customAttributes = input.customAttributes ?? [];
  if (input.shippingAddress !== undefined) draft.shippingAddress = input.shippingAddress;
  if (input.billingAddress !== undefined) draft.billingAddress = input.billingAddress;
  if (input.appliedDiscount !== undefined) draft.appliedDiscount = input.appliedDiscount;
  if (input.shippingLine !== undefined) draft.shippingLine = input.shippingLine;
  if (input.taxExempt != null) draft.taxExempt = input.taxExempt;
  if (input.visibleToCustomer != null) draft.visibleToCustomer = input.visibleToCustomer;
  if (input.sourceName !== undefined) draft.sourceName = input.sourceName;
  if (input.lineItems) draft.lineItems = input.lineItems.map((line) => buildLine(store, line));
  if (input.paymentTerms !== undefined) {
    draft.paymentTerms = input.paymentTerms
      ? buildPaymentTerms(store, input.paymentTerms, draft.paymentTerms)
      : null;
  }
  applyPurchasingEntity(store, draft, input);
}

/** Shopify trims tags, drops empty and duplicate ones (case-insensitively) and keeps them sorted. */
function normaliseTags(tags: string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags.flatMap((value) => value.split(','))) {
    const trimmed = tag.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

export function createDraftOrder(store: FakeStore, input: DraftOrderInput): DraftResult {
  const userErrors = checkInput(store, input, true);
  if (userErrors.length > 0) return { draftOrder: null, userErrors };
  const now = store.now();
  const draft: FakeDraftOrder = {
    id: store.nextId('draftOrder'),
    number: store.nextDraftNumber(),
    status: 'OPEN',
    email: null,
    phone: null,
    note: null,
    poNumber: null,
    tags: [],
    customAttributes: [],
    shippingAddress: null,
    billingAddress: null,
    lineItems: [],
    appliedDiscount: null,
    shippingLine: null,
    taxExempt: false,
    visibleToCustomer: true,
    sourceName: null,
    currencyCode: store.shop.currencyCode,
    invoiceToken: store.newInvoiceToken(),
    invoiceSentAt: null,
    paymentTerms: null,
    purchasingCompany: null,
    customerId: null,
    completedAt: null,
    orderId: null,
    createdAt: now,
    updatedAt: now,
  };
  applyInput(store, draft, input);
  store.draftOrders.set(draft.id, draft);
  store.emit({ topic: 'draft_orders/create', draftOrder: draft });
  return { draftOrder: draft, userErrors: [] };
}

const NOT_FOUND: UserError = { field: ['id'], message: 'Draft order does not exist' };
const COMPLETED: UserError = {
  field: ['id'],
  message: 'Draft order has been completed and can no longer be modified',
};

/**
 * draftOrderUpdate. Allowed while OPEN or INVOICE_SENT; note that on a real shop an update while the
 * customer is at checkout unlinks that checkout (docs/shopify.md#draft-order-lifecycle). Given line items
 * replace all lines.
 */
export function updateDraftOrder(store: FakeStore, id: number | null, input: DraftOrderInput): DraftResult {
  const draft = id === null ? undefined : store.draftOrders.get(id);
  if (!draft) return { draftOrder: null, userErrors: [NOT_FOUND] };
  if (draft.status === 'COMPLETED') return { draftOrder: null, userErrors: [COMPLETED] };
  const userErrors = checkInput(store, input, false);
  if (userErrors.length > 0) return { draftOrder: null, userErrors };
  applyInput(store, draft, input);
  draft.updatedAt = store.now();
  store.emit({ topic: 'draft_orders/update', draftOrder: draft });
  return { draftOrder: draft, userErrors: [] };
}

/** draftOrderInvoiceSend: e-mails the invoice link (recorded in store.sentInvoices) → INVOICE_SENT. */
export function sendDraftOrderInvoice(
  store: FakeStore,
  id: number | null,
  email: InvoiceEmail | null,
): DraftResult {
  const draft = id === null ? undefined : store.draftOrders.get(id);
  if (!draft) return { draftOrder: null, userErrors: [NOT_FOUND] };
  if (draft.status === 'COMPLETED') {
    return { draftOrder: null, userErrors: [{ field: ['id'], message: 'Draft order has been completed' }] };
  }
  const recipient = invoiceRecipient(email, draft.email);
  if ('problem' in recipient) {
    const message = recipient.problem === 'blank' ? "To can't be blank" : 'To is invalid';
    return { draftOrder: null, userErrors: [{ field: ['email', 'to'], message }] };
  }
  const now = store.now();
  const invoice: SentInvoice = {
    draftOrderId: draft.id,
    to: recipient.to,
    from: email?.from ?? null,
    subject: email?.subject ?? `Invoice #D${draft.number}`,
    customMessage: email?.customMessage ?? null,
    bcc: email?.bcc ?? [],
    invoiceUrl: store.invoiceUrl(draft),
    sentAt: now,
  };
  store.sentInvoices.push(invoice);
  draft.status = 'INVOICE_SENT';
  draft.invoiceSentAt = now;
  draft.updatedAt = now;
  store.emit({ topic: 'draft_orders/update', draftOrder: draft });
  return { draftOrder: draft, userErrors: [] };
}

export interface CompleteOptions {
  /** The customer paid at checkout (the invoice link), rather than staff completing it in the admin/API. */
  via: 'checkout' | 'api';
  paymentPending?: boolean;
  /** Marks the order paid with this gateway, even when the draft has payment terms. */
  paymentGatewayId?: string | null;
  sourceName?: string | null;
}

/**
 * Turns the draft into an Order (`#1001`, `#1002`, …), marked paid unless payment is pending; the draft
 * becomes COMPLETED with `order` set (docs/shopify.md#draft-orders, docs/shopify.md#the-fake-store). A draft
 * with payment terms that staff complete without a gateway becomes a payment pending order on those terms.
 * Announces orders/create, then draft_orders/update (with `order_id`), then orders/paid when it was paid.
 */
export function completeDraftOrder(
  store: FakeStore,
  id: number | null,
  options: CompleteOptions,
): DraftResult {
  const draft = id === null ? undefined : store.draftOrders.get(id);
  if (!draft) return { draftOrder: null, userErrors: [NOT_FOUND] };
  if (draft.status === 'COMPLETED') {
    return {
      draftOrder: null,
      userErrors: [{ field: ['id'], message: 'Draft order has already been completed' }],
    };
  }
  const onTerms = options.via === 'api' && draft.paymentTerms !== null && !options.paymentGatewayId;
  const order = createOrderFromDraft(store, draft, {
    paid: !options.paymentPending && !onTerms,
    // Nothing has been paid on terms yet: the gateway is the one the customer pays with later.
    gateway: onTerms ? null : options.via === 'checkout' ? 'bogus' : 'manual',
    sourceName: options.sourceName ?? 'shopify_draft_order',
  });
  const now = store.now();
  draft.status = 'COMPLETED';
  draft.completedAt = now;
  draft.orderId = order.id;
  draft.updatedAt = now;
  store.emit({ topic: 'orders/create', order });
  store.emit({ topic: 'draft_orders/update', draftOrder: draft });
  if (order.financialStatus === 'PAID') store.emit({ topic: 'orders/paid', order });
  return { draftOrder: draft, userErrors: [] };
}

export function deleteDraftOrder(
  store: FakeStore,
  id: number | null,
): { deletedId: number | null; userErrors: UserError[] } {
  if (id === null || !store.draftOrders.has(id)) return { deletedId: null, userErrors: [NOT_FOUND] };
  store.draftOrders.delete(id);
  store.emit({ topic: 'draft_orders/delete', draftOrderId: id });
  return { deletedId: id, userErrors: [] };
}
