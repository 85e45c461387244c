import { randomBytes } from 'node:crypto';
import { CONTACT_ROLE_NAMES } from './companies';
import type {
  FakeCompany,
  FakeCompanyContact,
  FakeCompanyLocation,
  FakeContactRole,
  FakeCustomer,
  FakeDraftOrder,
  FakeFulfillment,
  FakeOrder,
  FakePaymentTermsTemplate,
  FakeProduct,
  FakeVariant,
  FakeWebhookSubscription,
  SentInvoice,
  SentOrderInvoice,
  SentPaymentReminder,
} from './state';
import { standardPaymentTermsTemplates } from './payment-terms';

/** A change in the store that Shopify would announce with a webhook (docs/shopify.md#webhook-topics). */
export type StoreEvent =
  | { topic: 'products/create' | 'products/update'; product: FakeProduct }
  | { topic: 'draft_orders/create' | 'draft_orders/update'; draftOrder: FakeDraftOrder }
  | { topic: 'draft_orders/delete'; draftOrderId: number }
  | {
      topic:
        | 'orders/create'
        | 'orders/paid'
        | 'orders/updated'
        | 'orders/fulfilled'
        | 'orders/partially_fulfilled';
      order: FakeOrder;
    }
  | { topic: 'fulfillments/create' | 'fulfillments/update'; fulfillment: FakeFulfillment };

export type StoreEventListener = (event: StoreEvent) => void;

export interface ShopInfo {
  /** The numeric shop id that appears in invoice URLs (`/{shopId}/invoices/{hex32}`). */
  id: number;
  name: string;
  /** `fake-store.myshopify.com`: the X-Shopify-Shop-Domain of webhooks and the default invoice host. */
  domain: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
}

export interface FakeStoreOptions {
  shop: ShopInfo;
  now: () => number;
  /** Where invoice URLs point: `https://{domain}` like the real shop, or the fake server itself. */
  invoiceBaseUrl: () => string;
  /**
   * Added to the ids of draft orders, orders and their lines, so a restarted demo store never hands out a
   * GID that a portal database still holds from the previous run. Products keep stable ids.
   */
  idOffset?: number;
}

type IdKind =
  | 'product'
  | 'variant'
  | 'media'
  | 'image'
  | 'draftOrder'
  | 'draftLine'
  | 'order'
  | 'orderLine'
  | 'fulfillment'
  | 'webhookSubscription'
  | 'metafield'
  | 'paymentTerms'
  | 'paymentSchedule'
  | 'company'
  | 'companyLocation'
  | 'companyAddress'
  | 'companyContact'
  | 'customer'
  | 'contactRole'
  | 'roleAssignment';

/** Bases that look like real Shopify ids of each kind (as in Shopify's own examples) and stay below 2^53. */
const ID_BASES: Record<IdKind, number> = {
  product: 8_123_456_000,
  variant: 44_567_890_000,
  media: 30_125_000_000,
  image: 41_250_000_000,
  draftOrder: 1_099_511_627_000,
  draftLine: 57_312_000_000,
  order: 5_555_555_000,
  orderLine: 14_250_000_000,
  fulfillment: 4_800_123_000,
  webhookSubscription: 1_402_000_000,
  metafield: 21_474_836_000,
  paymentTerms: 7_064_055_000,
  paymentSchedule: 6_064_055_000,
  company: 426_598_000,
  companyLocation: 441_000_000,
  companyAddress: 845_000_000,
  companyContact: 9_001_000_000,
  customer: 7_001_000_000,
  contactRole: 1_000,
  roleAssignment: 77_000_000,
};
const STABLE_KINDS = new Set<IdKind>([
  'product',
  'variant',
  'media',
  'image',
  'webhookSubscription',
  'metafield',
  // The shop's own roles, the same on every start.
  'contactRole',
]);

export interface FakeStore {
  readonly shop: ShopInfo;
  readonly products: Map<number, FakeProduct>;
  readonly variants: Map<number, FakeVariant>;
  readonly draftOrders: Map<number, FakeDraftOrder>;
  readonly orders: Map<number, FakeOrder>;
  readonly fulfillments: Map<number, FakeFulfillment>;
  readonly webhookSubscriptions: Map<number, FakeWebhookSubscription>;
  readonly sentInvoices: SentInvoice[];
  /** The templates paymentTermsTemplates lists: Shopify's standard ones unless a test removed some. */
  paymentTermsTemplates: FakePaymentTermsTemplate[];
  readonly sentOrderInvoices: SentOrderInvoice[];
  readonly paymentReminders: SentPaymentReminder[];
  readonly companies: Map<number, FakeCompany>;
  readonly companyLocations: Map<number, FakeCompanyLocation>;
  readonly companyContacts: Map<number, FakeCompanyContact>;
  /** Made by companyContactCreate (a contact always is a customer), or seeded by a test. */
  readonly customers: Map<number, FakeCustomer>;
  /** Shop-wide: "Location admin" and "Ordering only". */
  readonly contactRoles: Map<number, FakeContactRole>;
  /** Shop.entitlements.b2b (true by default): without it every B2B field answers ACCESS_DENIED. */
  b2bEnabled: boolean;
  /** The app was not granted the companies scope: B2B fields answer ACCESS_DENIED though the shop has B2B. */
  companiesAccessDenied: boolean;
  /** The store's clock, in whole seconds (ms since the epoch). */
  now(): number;
  nextId(kind: IdKind): number;
  /** 1, 2, … for `#D1`, `#D2`. */
  nextDraftNumber(): number;
  /** 1001, 1002, … for `#1001`. */
  nextOrderNumber(): number;
  invoiceUrl(draft: FakeDraftOrder): string;
  newInvoiceToken(): string;
  findDraftByInvoiceToken(token: string): FakeDraftOrder | undefined;
  /** The order status page (Order.statusPageUrl), where the customer pays an order on payment terms. */
  orderStatusUrl(order: FakeOrder): string;
  findOrderByToken(token: string): FakeOrder | undefined;
  onEvent(listener: StoreEventListener): () => void;
  emit(event: StoreEvent): void;
}

/** The order's token in its status page URL (and the REST `token`). */
export const orderToken = (order: FakeOrder) => order.id.toString(16);

export function createFakeStore(options: FakeStoreOptions): FakeStore {
  const counters = new Map<IdKind, number>();
  const listeners = new Set<StoreEventListener>();
  let draftNumber = 0;
  let orderNumber = 1000;
  const offset = options.idOffset ?? 0;

  const store: FakeStore = {
    shop: options.shop,
    products: new Map(),
    variants: new Map(),
    draftOrders: new Map(),
    orders: new Map(),
    fulfillments: new Map(),
    webhookSubscriptions: new Map(),
    sentInvoices: [],
    paymentTermsTemplates: standardPaymentTermsTemplates(),
    sentOrderInvoices: [],
    paymentReminders: [],
    companies: new Map(),
    companyLocations: new Map(),
    companyContacts: new Map(),
    customers: new Map(),
    contactRoles: new Map(),
    b2bEnabled: true,
    companiesAccessDenied: false,
    now: () => Math.floor(options.now() / 1000) * 1000,
    nextId(kind) {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return ID_BASES[kind] + (STABLE_KINDS.has(kind) ? 0 : offset) + next;
    },
    nextDraftNumber: () => (draftNumber += 1),
    nextOrderNumber: () => (orderNumber += 1),
    invoiceUrl: (draft) =>
      `${options.invoiceBaseUrl().replace(/\/$/, '')}/${options.shop.id}/invoices/${draft.invoiceToken}`,
    newInvoiceToken: () => randomBytes(16).toString('hex'),
    findDraftByInvoiceToken: (token) =>
      [...store.draftOrders.values()].find((draft) => draft.invoiceToken === token),
    orderStatusUrl: (order) =>
      `${options.invoiceBaseUrl().replace(/\/$/, '')}/${options.shop.id}/orders/${orderToken(order)}/authenticate`,
    findOrderByToken: (token) => [...store.orders.values()].find((order) => orderToken(order) === token),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
  };
  for (const name of CONTACT_ROLE_NAMES) {
    const id = store.nextId('contactRole');
    store.contactRoles.set(id, { id, name, note: null });
  }
  return store;
}
