// zod/mini: the session is read on every page (docs/decisions/0015-storefront-first-page.md).
import { z } from 'zod/mini';
import { COMPANY_ROLES } from '../company-roles';
import { PAYMENT_TERMS } from '../payment-terms';

/** A location as a person orders for it: its name and shipping address. */
export const orderLocationSchema = z.object({
  id: z.int(),
  name: z.string(),
  isDefault: z.boolean(),
  shippingAddress: z.nullable(z.string()),
  shippingAddressLine1: z.nullable(z.string()),
  shippingAddressLine2: z.nullable(z.string()),
  shippingCity: z.nullable(z.string()),
  shippingState: z.nullable(z.string()),
  shippingZip: z.nullable(z.string()),
  shippingCountry: z.nullable(z.string()),
  /** Its tax exemption while valid (docs/companies.md#tax-exemption), shown on /confirm. */
  taxExemption: z._default(
    z.nullable(z.object({ certificateNumber: z.string(), state: z.string(), expiresOn: z.string() })),
    null,
  ),
});
export type OrderLocationView = z.infer<typeof orderLocationSchema>;

/** The signed-in user as GET /api/user and PATCH /api/user/{id} return it (no secrets, no hashes). */
export const currentUserSchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  /** The company's name (docs/companies.md); null for staff. */
  businessName: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: z.enum(['customer', 'admin']),
  /** How the customer's company pays (docs/orders.md#payment-terms); shown on /confirm. */
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** The customer's company and their role in it (docs/companies.md); null for staff. */
  company: z.nullable(z.object({ id: z.int(), name: z.string(), role: z.enum(COMPANY_ROLES) })),
  shippingAddress: z.nullable(z.string()),
  shippingAddressLine1: z.nullable(z.string()),
  shippingAddressLine2: z.nullable(z.string()),
  shippingCity: z.nullable(z.string()),
  shippingState: z.nullable(z.string()),
  shippingZip: z.nullable(z.string()),
  shippingCountry: z.nullable(z.string()),
  billingAddress: z.nullable(z.string()),
  billingAddressLine1: z.nullable(z.string()),
  billingAddressLine2: z.nullable(z.string()),
  billingCity: z.nullable(z.string()),
  billingState: z.nullable(z.string()),
  billingZip: z.nullable(z.string()),
  billingCountry: z.nullable(z.string()),
  /**
   * The company locations the person orders for, the default first (docs/companies.md#locations): a buyer's
   * given ones, everyone else's all; empty for staff. /confirm offers them as the ship-to.
   */
  locations: z._default(z.array(orderLocationSchema), []),
  hasPassword: z.boolean(),
  /** The person receives reorder reminders (docs/reorder-reminders.md); My Account turns them off and on. */
  reorderReminderEmails: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * GET /api/session: who is signed in, for the browser: always 200, `user` null without a session, so a
 * visitor's console shows no failed request. GET /api/user keeps its 401 for API clients
 * (docs/accounts-and-roles.md#sessions).
 */
export const sessionResponseSchema = z.object({ user: z.nullable(currentUserSchema) });
