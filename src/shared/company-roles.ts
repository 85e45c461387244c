/**
 * A customer's place in their company (docs/companies.md#people-and-roles): every customer belongs to exactly
 * one company, with one of these roles. The person who registers the business is its owner.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** A viewer sees the company's orders, PDFs and payments but cannot order (docs/companies.md#people-and-roles). */
export const mayPlaceOrders = (role: CompanyRole | null): boolean => role === 'owner' || role === 'buyer';

/** Staff have no company and order nothing themselves (docs/companies.md#people-and-roles). */
export const STAFF_CANNOT_ORDER_MESSAGE =
  'Staff accounts cannot place orders. Sign in as a customer to order.';

/** A viewer's attempt to change or cancel one of the company's orders (docs/orders.md#buyers-cancel-a-pending-order). */
export const VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE =
  'Your role in your company lets you see its orders, but not change or cancel them. Ask an owner to change it.';

export const VIEWERS_CANNOT_ORDER_MESSAGE =
  'Your role in your company lets you see its orders, but not place or reorder them. Ask an owner to change it.';

export const COMPANY_ROLE_LABELS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

/** What each role may do, as the Team page and the invitation say it (docs/companies.md#people-and-roles). */
export const COMPANY_ROLE_DESCRIPTIONS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Everything, including the team, locations and payment details',
  buyer: 'Places and reorders orders, and sees the orders they placed',
  viewer: "Sees the company's orders, PDFs and payment status, but cannot order",
};

/** The role's description inside a sentence ('as Buyer: places and reorders …'). */
export const roleDescriptionInSentence = (role: CompanyRole) => {
  const description = COMPANY_ROLE_DESCRIPTIONS[role];
  return description.charAt(0).toLowerCase() + description.slice(1);
};

/** Every change of roles or people keeps an owner in the company (docs/companies.md#people-and-roles). */
export const LAST_OWNER_MESSAGE = 'A company must keep at least one owner.';

export const ROLE_NOT_IN_LIST_MESSAGE = 'Choose a role: Owner, Buyer or Viewer.';

/** An order's location must be one the person orders for (docs/companies.md#buyers-and-locations). */
export const LOCATION_NOT_YOURS_MESSAGE = 'Choose one of the locations you order for.';
export const NO_LOCATION_MESSAGE =
  'You have no location to order for yet. Ask an owner of your company to give you one on the Team page.';
