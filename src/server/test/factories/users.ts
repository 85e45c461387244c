import { eq } from 'drizzle-orm';
import type { CompanyRole } from '../../../shared/company-roles';
import type { PaymentTerms } from '../../../shared/payment-terms';
import {
  companies,
  companyLocations,
  memberLocations,
  users,
  type AccountRow,
  type USER_ROLES,
  type USER_STATUSES,
} from '../../db/schema';
import type { Database } from '../../db/client';
import { hashPassword } from '../../security/password-hash';
import { findUserById } from '../../features/accounts';

/**
 * Accounts for tests of every feature: a customer (approved unless told) who owns a company of their own, a
 * customer with their business (the company's name and terms), a person joining an existing company, and
 * administrators (no company). Rows are written straight into the database, as a registration and its
 * approval would leave them.
 */

let userCounter = 0;
export const uniqueEmail = (label = 'buyer') => `${label}-${++userCounter}-${Date.now()}@example.com`;

export interface AccountOptions {
  /** A fresh address unless given; it is the username too. */
  email?: string;
  /** 'approved' unless given. */
  status?: (typeof USER_STATUSES)[number];
  /** 'customer' unless given. */
  role?: (typeof USER_ROLES)[number];
  /** A password to sign in with; none unless given (customers sign in by e-mailed link). */
  password?: string;
  /** When the account was registered; now unless given. */
  createdAt?: Date;
  /**
   * A customer joins this company with this role; unless given, a customer owns a new company of their own
   * (docs/companies.md).
   */
  company?: {
    id: number;
    role: CompanyRole;
    /** A buyer's locations: every location of the company unless given. */ locationIds?: number[];
  };
}

export interface Address {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country?: string;
}

/** A customer's business as they register it: its name, the person to contact, its addresses and terms. */
export interface BusinessOptions {
  /** The company's name: 'Mist Shop' unless given. */
  name?: string;
  /** 'Ada Buyer' unless given. */
  contact?: { firstName?: string | null; lastName?: string | null; phone?: string | null };
  shippingAddress?: Address;
  billingAddress?: Address;
  /** How the business pays (docs/orders.md#payment-terms); 'on_approval' unless given. */
  paymentTerms?: PaymentTerms;
}

/** An account (an approved customer unless told otherwise) of 'Ada Buyer' at 'Mist Shop'. */
export function createUser(db: Database, options: AccountOptions = {}): Promise<AccountRow> {
  return createCustomer(db, options);
}

/** A customer account with its business: the name, contact, addresses and payment terms given. */
export async function createCustomer(
  db: Database,
  options: AccountOptions & { business?: BusinessOptions } = {},
): Promise<AccountRow> {
  const { business = {}, ...account } = options;
  const email = account.email ?? uniqueEmail();
  const isCustomer = (account.role ?? 'customer') === 'customer';
  const membership = isCustomer
    ? (account.company ?? { id: (await insertCompany(db, business)).id, role: 'owner' as const })
    : null;
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: email,
      firstName: business.contact?.firstName === undefined ? 'Ada' : business.contact.firstName,
      lastName: business.contact?.lastName === undefined ? 'Buyer' : business.contact.lastName,
      phone: business.contact?.phone ?? null,
      companyId: membership?.id ?? null,
      companyRole: membership?.role ?? null,
      role: account.role ?? 'customer',
      status: account.status ?? 'approved',
      passwordHash: account.password ? await hashPassword(account.password) : null,
      ...(account.createdAt ? { createdAt: account.createdAt } : {}),
    })
    .returning();
  if (user && membership?.role === 'buyer') {
    const locationIds =
      account.company?.locationIds ??
      (
        await db
          .select({ id: companyLocations.id })
          .from(companyLocations)
          .where(eq(companyLocations.companyId, membership.id))
      ).map((location) => location.id);
    if (locationIds.length > 0) {
      await db
        .insert(memberLocations)
        .values(locationIds.map((locationId) => ({ userId: user.id, locationId })));
    }
  }
  const created = user && (await findUserById(db, user.id));
  if (!created) throw new Error('user not created');
  return created;
}

/**
 * A company as a registration makes it: 'Mist Shop' paying on approval unless told, with its default
 * location holding the business's addresses and phone.
 */
async function insertCompany(db: Database, business: BusinessOptions) {
  const [company] = await db
    .insert(companies)
    .values({
      name: business.name ?? 'Mist Shop',
      ...(business.paymentTerms ? { paymentTerms: business.paymentTerms } : {}),
    })
    .returning();
  if (!company) throw new Error('company not created');
  await db.insert(companyLocations).values({
    companyId: company.id,
    name: 'Main location',
    isDefault: true,
    phone: business.contact?.phone ?? null,
    ...shippingColumns(business.shippingAddress),
    ...billingColumns(business.billingAddress),
  });
  return company;
}

const shippingColumns = (address: Address | undefined) =>
  address
    ? {
        shippingAddressLine1: address.line1,
        shippingAddressLine2: address.line2 ?? null,
        shippingCity: address.city,
        shippingState: address.state,
        shippingZip: address.zip,
        shippingCountry: address.country ?? 'USA',
      }
    : {};

const billingColumns = (address: Address | undefined) =>
  address
    ? {
        billingAddressLine1: address.line1,
        billingAddressLine2: address.line2 ?? null,
        billingCity: address.city,
        billingState: address.state,
        billingZip: address.zip,
        billingCountry: address.country ?? 'USA',
      }
    : {};

/** The password createAdmin gives an administrator unless told otherwise. */
export const ADMIN_TEST_PASSWORD = 'Second-Admin-1';

/** Another approved administrator (beside the seeded 'admin') whose username is their e-mail. */
export function createAdmin(
  db: Database,
  options: Pick<AccountOptions, 'email' | 'password' | 'status'> = {},
): Promise<AccountRow> {
  return createUser(db, {
    ...options,
    email: options.email ?? uniqueEmail('admin'),
    password: options.password ?? ADMIN_TEST_PASSWORD,
    role: 'admin',
  });
}

/** What the Register tab sends for 'Grace Hopper' of 'Hopper Naturals' (POST /api/register), `overrides` over it. */
export const registrationRequest = (email: string, overrides: Record<string, string> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  businessName: 'Hopper Naturals',
  email,
  phone: '555-0100',
  shippingAddressLine1: '1 Harbor Rd',
  shippingCity: 'Portland',
  shippingState: 'ME',
  shippingZip: '04101',
  ...overrides,
});
