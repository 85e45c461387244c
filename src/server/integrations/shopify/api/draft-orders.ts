import { classifyPayload } from '../classify-response';
import type { ShopifyClient } from '../client';
import { type MoneyBag, operations } from '../operations';
import { invalidArgument, notFound, shopifyFailure, type ShopifyResult } from '../shopify-result';
import { toGid } from './ids';
import { searchValue } from './search';

/* Draft orders: the portal's order in Shopify until it is completed (docs/shopify.md#draft-orders). */

export interface ShopifyDraftOrder {
  id: string;
  legacyResourceId?: string;
  name: string;
  status: 'OPEN' | 'INVOICE_SENT' | 'COMPLETED';
  invoiceUrl: string | null;
  invoiceSentAt?: string | null;
  completedAt?: string | null;
  order?: {
    id: string;
    name: string;
    displayFinancialStatus: string | null;
    displayFulfillmentStatus: string;
  } | null;
  totalPrice?: string;
}

export interface DraftOrderLineInput {
  variantId: string;
  quantity: number;
  /** Wins over the variant's catalogue price and locks it (docs/shopify.md#draft-order-contents). */
  priceOverride: { amount: string; currencyCode: string };
  customAttributes?: { key: string; value: string }[];
}

/**
 * A line without a variant (docs/shopify.md#draft-orders): priced by `originalUnitPriceWithCurrency` (which
 * Shopify ignores on variant lines); it reserves no inventory.
 */
export interface DraftOrderCustomLineInput {
  title: string;
  sku?: string;
  quantity: number;
  originalUnitPriceWithCurrency: { amount: string; currencyCode: string };
  taxable?: boolean;
  requiresShipping?: boolean;
  customAttributes?: { key: string; value: string }[];
}

export interface DraftOrderInput {
  email: string;
  /** Written to `DraftOrderInput.note`; read back as `note2` (there is no DraftOrder.note). */
  note?: string | null;
  poNumber?: string;
  tags?: string[];
  customAttributes?: { key: string; value: string }[];
  shippingAddress?: {
    firstName?: string;
    lastName?: string;
    company?: string;
    address1?: string;
    address2?: string;
    city?: string;
    provinceCode?: string;
    /** ISO 3166-1 alpha-2, e.g. 'CA' (the deprecated `country` is never sent). */
    countryCode?: string;
    zip?: string;
    phone?: string;
  };
  lineItems: (DraftOrderLineInput | DraftOrderCustomLineInput)[];
  /** Net terms, issued when staff approve (docs/shopify.md#payment-terms); Shopify computes the due date. */
  paymentTerms?: { paymentTermsTemplateId: string; paymentSchedules: { issuedAt: string }[] };
  /** A fixed shipping charge; without one the checkout may add the store's own shipping rates. */
  shippingLine?: { title: string; priceWithCurrency: { amount: string; currencyCode: string } };
  /**
   * B2B (docs/plans/shopify-b2b.md §3.3): the company location and contact the draft is for. Without it the
   * draft is customer-based (Shopify ties it to the customer with `email`). The deprecated `customerId` is
   * never sent.
   */
  purchasingEntity?: { purchasingCompany: PurchasingCompanyInput };
  billingAddress?: DraftOrderInput['shippingAddress'];
}

/** Ids as GIDs or numbers; the contact must hold a role at the location to order there. */
export interface PurchasingCompanyInput {
  companyId: string;
  companyLocationId: string;
  companyContactId: string;
}

export interface DraftOrdersApi {
  findDraftOrderByTag(tag: string): Promise<ShopifyResult<ShopifyDraftOrder | null>>;
  createDraftOrder(input: DraftOrderInput): Promise<ShopifyResult<ShopifyDraftOrder>>;
  updateDraftOrder(id: string, input: Partial<DraftOrderInput>): Promise<ShopifyResult<ShopifyDraftOrder>>;
  getDraftOrder(id: string): Promise<ShopifyResult<ShopifyDraftOrder>>;
  sendDraftOrderInvoice(
    id: string,
    email?: { to?: string; subject?: string; customMessage?: string },
  ): Promise<ShopifyResult<ShopifyDraftOrder>>;
  deleteDraftOrder(id: string): Promise<ShopifyResult<{ deletedId: string }>>;
  completeDraftOrder(id: string): Promise<ShopifyResult<ShopifyDraftOrder>>;
}

export function createDraftOrdersApi(client: ShopifyClient): DraftOrdersApi {
  return {
    async findDraftOrderByTag(tag) {
      const result = await client.request(operations.findDraftOrderByTag, {
        query: `tag:${searchValue(tag)}`,
      });
      if (!result.ok) return result;
      // Search is fuzzy and case-insensitive: only an exact tag match counts.
      const match = result.data.draftOrders.nodes.find((node) =>
        node.tags.some((candidate) => candidate.toLowerCase() === tag.toLowerCase()),
      );
      return { ok: true, data: match ? toDraftOrder(match) : null };
    },

    async createDraftOrder(input) {
      const graphqlInput = toDraftOrderInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.createDraftOrder, { input: graphqlInput.data });
      if (!result.ok) return result;
      return classifyPayload('draftOrderCreate', result.data.draftOrderCreate, (payload) =>
        draftOrFailure('draftOrderCreate', payload.draftOrder),
      );
    },

    async updateDraftOrder(id, input) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const graphqlInput = toDraftOrderInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.updateDraftOrder, { id: gid, input: graphqlInput.data });
      if (!result.ok) return result;
      return classifyPayload('draftOrderUpdate', result.data.draftOrderUpdate, (payload) =>
        draftOrFailure('draftOrderUpdate', payload.draftOrder),
      );
    },

    async getDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.getDraftOrder, { id: gid });
      if (!result.ok) return result;
      const draft = result.data.draftOrder;
      return draft ? { ok: true, data: toDraftOrder(draft) } : notFound('draft order', id);
    },

    async sendDraftOrderInvoice(id, email) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.sendDraftOrderInvoice, {
        id: gid,
        email: email ?? null,
      });
      if (!result.ok) return result;
      return classifyPayload('draftOrderInvoiceSend', result.data.draftOrderInvoiceSend, (payload) =>
        draftOrFailure('draftOrderInvoiceSend', payload.draftOrder),
      );
    },

    async deleteDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.deleteDraftOrder, { id: gid });
      if (!result.ok) return result;
      return classifyPayload('draftOrderDelete', result.data.draftOrderDelete, (payload) =>
        payload.deletedId
          ? { ok: true, data: { deletedId: payload.deletedId } }
          : notFound('draft order', id),
      );
    },

    async completeDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.completeDraftOrder, { id: gid });
      if (!result.ok) return result;
      return classifyPayload('draftOrderComplete', result.data.draftOrderComplete, (payload) =>
        draftOrFailure('draftOrderComplete', payload.draftOrder),
      );
    },
  };
}

type DraftOrderNode = {
  id: string;
  legacyResourceId?: string;
  name: string;
  status: ShopifyDraftOrder['status'];
  invoiceUrl: string | null;
  invoiceSentAt?: string | null;
  completedAt?: string | null;
  order?: ShopifyDraftOrder['order'];
  totalPriceSet?: MoneyBag;
};

/** Only the fields the answering document selected: absent stays absent, null stays null. */
function toDraftOrder(node: DraftOrderNode): ShopifyDraftOrder {
  const draft: ShopifyDraftOrder = {
    id: node.id,
    name: node.name,
    status: node.status,
    invoiceUrl: node.invoiceUrl,
  };
  if (node.legacyResourceId !== undefined) draft.legacyResourceId = node.legacyResourceId;
  if (node.invoiceSentAt !== undefined) draft.invoiceSentAt = node.invoiceSentAt;
  if (node.completedAt !== undefined) draft.completedAt = node.completedAt;
  if (node.order !== undefined) draft.order = node.order;
  if (node.totalPriceSet) draft.totalPrice = node.totalPriceSet.shopMoney.amount;
  return draft;
}

function toDraftOrderInput(input: Partial<DraftOrderInput>): ShopifyResult<Record<string, unknown>> {
  const { lineItems, purchasingEntity, ...rest } = input;
  const graphqlInput: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    // customerId is deprecated (purchasingEntity replaces it): never sent, even if a caller slips one in.
    if (value !== undefined && key !== 'customerId') graphqlInput[key] = value;
  }
  if (purchasingEntity) {
    const purchasingCompany = toPurchasingCompany(purchasingEntity.purchasingCompany);
    if (!purchasingCompany.ok) return purchasingCompany;
    graphqlInput.purchasingEntity = { purchasingCompany: purchasingCompany.data };
  }
  if (lineItems) {
    const lines: Record<string, unknown>[] = [];
    for (const [index, line] of lineItems.entries()) {
      if (!('variantId' in line)) {
        lines.push({ ...line });
        continue;
      }
      const variantId = toGid('ProductVariant', line.variantId);
      if (!variantId)
        return invalidArgument(`lineItems[${index}].variantId '${line.variantId}' is not a variant id`);
      lines.push({ ...line, variantId });
    }
    graphqlInput.lineItems = lines;
  }
  return { ok: true, data: graphqlInput };
}

function toPurchasingCompany(company: PurchasingCompanyInput): ShopifyResult<PurchasingCompanyInput> {
  const companyId = toGid('Company', company.companyId);
  const companyLocationId = toGid('CompanyLocation', company.companyLocationId);
  const companyContactId = toGid('CompanyContact', company.companyContactId);
  const what = 'purchasingEntity.purchasingCompany';
  if (!companyId) return invalidArgument(`${what}.companyId '${company.companyId}' is not a company id`);
  if (!companyLocationId) {
    return invalidArgument(
      `${what}.companyLocationId '${company.companyLocationId}' is not a company location id`,
    );
  }
  if (!companyContactId) {
    return invalidArgument(
      `${what}.companyContactId '${company.companyContactId}' is not a company contact id`,
    );
  }
  return { ok: true, data: { companyId, companyLocationId, companyContactId } };
}

function draftOrFailure(operation: string, draft: DraftOrderNode | null): ShopifyResult<ShopifyDraftOrder> {
  return draft
    ? { ok: true, data: toDraftOrder(draft) }
    : shopifyFailure(
        'invalid-response',
        `${operation}: Shopify returned neither a draft order nor user errors`,
      );
}
