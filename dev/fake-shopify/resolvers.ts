import { z } from 'zod';
import { paginate } from './pagination';
import { idOf, splitGid } from './gid';
import { compileSearch, type SearchSchema, type SearchWarning } from './search-query';
import { findCustomerByEmail } from './company-contacts';
import {
  companyContactView,
  companyLocationView,
  companyView,
  customerView,
  roleView,
} from './company-views';
import { companySearch, draftOrderSearch, orderSearch, productSearch } from './search-fields';
import type { FakeCompany, FakeCustomer, FakeDraftOrder, FakeOrder, FakeProduct } from './state';
import type { FakeStore } from './store';
import {
  draftOrderView,
  fulfillmentView,
  orderView,
  productView,
  shopView,
  variantView,
  webhookSubscriptionView,
} from './views';
import { paymentTermsTemplateView, type View } from './view-basics';

/** What every resolver gets as graphql-js `contextValue`. */
export interface ResolverContext {
  store: FakeStore;
  apiVersion: string;
  /** Collected into `extensions.search` of the answer (unknown filter fields). */
  searchReports: { path: string[]; query: string; warnings: SearchWarning[] }[];
}

const idArgs = z.object({ id: z.string() });
const listArgs = z.object({
  query: z.string().nullish(),
  sortKey: z.string().nullish(),
});

type SortValue = number | string;

/** A connection over all `items` filtered by the `query` argument, sorted by the `sortKey` argument. */
function searchConnection<T extends { id: number }>(
  context: ResolverContext,
  fieldName: string,
  rawArgs: unknown,
  items: T[],
  schema: SearchSchema<T>,
  sortValue: (item: T, sortKey: string) => SortValue,
  toView: (item: T) => View,
  defaultFilter?: { field: string; test: (item: T) => boolean },
) {
  const args = listArgs.parse(rawArgs);
  const search = compileSearch(args.query, schema, () => context.store.now());
  if (search.warnings.length > 0 && args.query) {
    context.searchReports.push({ path: [fieldName], query: args.query, warnings: search.warnings });
  }
  const withDefault =
    defaultFilter && !search.fields.has(defaultFilter.field) ? items.filter(defaultFilter.test) : items;
  const sortKey = args.sortKey ?? 'ID';
  return paginate(
    withDefault.filter(search.matches),
    rawArgs,
    (item) => ({ id: item.id, value: sortValue(item, sortKey) }),
    toView,
  );
}

function productSortValue(product: FakeProduct, sortKey: string): SortValue {
  switch (sortKey) {
    case 'TITLE':
      return product.title.toLowerCase();
    case 'UPDATED_AT':
      return product.updatedAt;
    case 'CREATED_AT':
      return product.createdAt;
    case 'PRODUCT_TYPE':
      return product.productType.toLowerCase();
    case 'VENDOR':
      return product.vendor.toLowerCase();
    case 'PUBLISHED_AT':
      return product.publishedAt ?? 0;
    default:
      return product.id;
  }
}

function draftSortValue(draft: FakeDraftOrder, sortKey: string): SortValue {
  if (sortKey === 'UPDATED_AT') return draft.updatedAt;
  if (sortKey === 'STATUS') return draft.status;
  return draft.id;
}

function orderSortValue(order: FakeOrder, sortKey: string): SortValue {
  if (sortKey === 'PROCESSED_AT') return order.processedAt;
  if (sortKey === 'CREATED_AT') return order.createdAt;
  if (sortKey === 'UPDATED_AT') return order.updatedAt;
  return order.id;
}

function companySortValue(company: FakeCompany, sortKey: string): SortValue {
  if (sortKey === 'NAME') return company.name.toLowerCase();
  if (sortKey === 'CREATED_AT' || sortKey === 'SINCE_DATE') return company.createdAt;
  if (sortKey === 'UPDATED_AT') return company.updatedAt;
  return company.id;
}

/** customerByIdentifier (a @oneOf input): by e-mail (any case) or id; other identifiers find nobody. */
function customerByIdentifier(store: FakeStore, rawArgs: unknown): FakeCustomer | undefined {
  const { identifier } = z
    .object({ identifier: z.object({ emailAddress: z.string().nullish(), id: z.string().nullish() }) })
    .parse(rawArgs);
  if (identifier.emailAddress) return findCustomerByEmail(store, identifier.emailAddress);
  const id = identifier.id ? idOf(identifier.id, 'Customer') : null;
  return id === null ? undefined : store.customers.get(id);
}

function nodeById(store: FakeStore, gid: string, apiVersion: string): View | null {
  const parts = splitGid(gid);
  if (!parts) return null;
  switch (parts.type) {
    case 'Product': {
      const product = store.products.get(parts.id);
      return product ? productView(store, product) : null;
    }
    case 'ProductVariant': {
      const variant = store.variants.get(parts.id);
      return variant ? variantView(store, variant) : null;
    }
    case 'DraftOrder': {
      const draft = store.draftOrders.get(parts.id);
      return draft ? draftOrderView(store, draft) : null;
    }
    case 'Order': {
      const order = store.orders.get(parts.id);
      return order ? orderView(store, order) : null;
    }
    case 'Fulfillment': {
      const fulfillment = store.fulfillments.get(parts.id);
      return fulfillment ? fulfillmentView(store, fulfillment) : null;
    }
    case 'PaymentTermsTemplate': {
      const template = store.paymentTermsTemplates.find((candidate) => candidate.id === parts.id);
      return template ? paymentTermsTemplateView(template) : null;
    }
    case 'WebhookSubscription': {
      const subscription = store.webhookSubscriptions.get(parts.id);
      return subscription ? webhookSubscriptionView(subscription, apiVersion) : null;
    }
    case 'Company': {
      const company = store.companies.get(parts.id);
      return company ? companyView(store, company) : null;
    }
    case 'CompanyLocation': {
      const location = store.companyLocations.get(parts.id);
      return location ? companyLocationView(store, location) : null;
    }
    case 'CompanyContact': {
      const contact = store.companyContacts.get(parts.id);
      return contact ? companyContactView(store, contact) : null;
    }
    default:
      return null;
  }
}

/** One object by GID: null when absent or of another type, an error when the string is no GID. */
function lookup<T>(map: Map<number, T>, rawArgs: unknown, type: string): T | undefined {
  const id = idOf(idArgs.parse(rawArgs).id, type);
  return id === null ? undefined : map.get(id);
}

type Resolver = (args: unknown, context: ResolverContext) => unknown;

/**
 * The QueryRoot fields the fake store answers (docs/shopify.md#the-fake-store); other fields resolve to null.
 */
export const queryResolvers: Record<string, Resolver> = {
  shop: (_args, { store }) => shopView(store),
  products: (args, context) =>
    searchConnection(
      context,
      'products',
      args,
      [...context.store.products.values()],
      productSearch(context.store),
      productSortValue,
      (product) => productView(context.store, product),
      // The status filter's documented default is `active` (docs/shopify.md#catalogue-read).
      { field: 'status', test: (product) => product.status === 'ACTIVE' },
    ),
  product: (args, { store }) => {
    const product = lookup(store.products, args, 'Product');
    return product ? productView(store, product) : null;
  },
  productVariant: (args, { store }) => {
    const variant = lookup(store.variants, args, 'ProductVariant');
    return variant ? variantView(store, variant) : null;
  },
  draftOrders: (args, context) =>
    searchConnection(
      context,
      'draftOrders',
      args,
      [...context.store.draftOrders.values()],
      draftOrderSearch,
      draftSortValue,
      (draft) => draftOrderView(context.store, draft),
    ),
  draftOrder: (args, { store }) => {
    const draft = lookup(store.draftOrders, args, 'DraftOrder');
    return draft ? draftOrderView(store, draft) : null;
  },
  orders: (args, context) =>
    searchConnection(
      context,
      'orders',
      args,
      [...context.store.orders.values()],
      orderSearch,
      orderSortValue,
      (order) => orderView(context.store, order),
    ),
  order: (args, { store }) => {
    const order = lookup(store.orders, args, 'Order');
    return order ? orderView(store, order) : null;
  },
  companies: (args, context) =>
    searchConnection(
      context,
      'companies',
      args,
      [...context.store.companies.values()],
      companySearch,
      companySortValue,
      (company) => companyView(context.store, company),
    ),
  company: (args, { store }) => {
    const company = lookup(store.companies, args, 'Company');
    return company ? companyView(store, company) : null;
  },
  companyLocation: (args, { store }) => {
    const location = lookup(store.companyLocations, args, 'CompanyLocation');
    return location ? companyLocationView(store, location) : null;
  },
  companyContact: (args, { store }) => {
    const contact = lookup(store.companyContacts, args, 'CompanyContact');
    return contact ? companyContactView(store, contact) : null;
  },
  companyContactRole: (args, { store }) => {
    const role = lookup(store.contactRoles, args, 'CompanyContactRole');
    return role ? roleView(role) : null;
  },
  customerByIdentifier: (args, { store }) => {
    const customer = customerByIdentifier(store, args);
    return customer ? customerView(store, customer) : null;
  },
  paymentTermsTemplates: (args, { store }) => {
    const { paymentTermsType } = z.object({ paymentTermsType: z.string().nullish() }).parse(args);
    return store.paymentTermsTemplates
      .filter((template) => !paymentTermsType || template.paymentTermsType === paymentTermsType)
      .map(paymentTermsTemplateView);
  },
  node: (args, { store, apiVersion }) => nodeById(store, idArgs.parse(args).id, apiVersion),
  nodes: (args, { store, apiVersion }) =>
    z
      .object({ ids: z.array(z.string()) })
      .parse(args)
      .ids.map((id) => nodeById(store, id, apiVersion)),
  webhookSubscription: (args, { store, apiVersion }) => {
    const subscription = lookup(store.webhookSubscriptions, args, 'WebhookSubscription');
    return subscription ? webhookSubscriptionView(subscription, apiVersion) : null;
  },
  webhookSubscriptions: (args, { store, apiVersion }) => {
    const filters = z
      .object({ topics: z.array(z.string()).nullish(), uri: z.string().nullish() })
      .parse(args);
    const subscriptions = [...store.webhookSubscriptions.values()].filter(
      (subscription) =>
        (!filters.topics || filters.topics.includes(subscription.topic)) &&
        (!filters.uri || filters.uri === subscription.uri),
    );
    return paginate(
      subscriptions,
      args,
      (subscription) => ({ id: subscription.id, value: subscription.createdAt }),
      (subscription) => webhookSubscriptionView(subscription, apiVersion),
    );
  },
};
