import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  companies,
  companyLocations,
  memberLocations,
  shopifyCompanies,
  shopifyCompanyContacts,
  shopifyCompanyLocations,
  users,
  type CompanyLocationRow,
  type CompanyRow,
  type ShopifyCompanyContactRow,
} from '../../db/schema';

/*
 * The one writer of the shopify_company* tables (docs/shopify.md#b2b-companies), and the reads of the portal
 * state a sync sends. The portal's own tables are only read here.
 */

export interface PortalMember {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  companyRole: 'owner' | 'buyer' | 'viewer' | null;
  status: string;
  /** A buyer's locations (owners and viewers have every location and none listed). */
  locationIds: number[];
}

export interface PortalCompany {
  company: CompanyRow;
  locations: CompanyLocationRow[];
  members: PortalMember[];
}

export async function loadPortalCompany(
  db: DatabaseOrTransaction,
  companyId: number,
): Promise<PortalCompany | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const locations = await db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(asc(companyLocations.id));
  const people = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      companyRole: users.companyRole,
      status: users.status,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id));
  const given =
    people.length === 0
      ? []
      : await db
          .select()
          .from(memberLocations)
          .where(
            inArray(
              memberLocations.userId,
              people.map((person) => person.userId),
            ),
          );
  const members = people.map((person) => ({
    ...person,
    email: person.email.toLowerCase(),
    locationIds: given.filter((row) => row.userId === person.userId).map((row) => row.locationId),
  }));
  return { company, locations, members };
}

export interface ShopifyMapping {
  shopifyCompanyId: string | null;
  /** Portal location id → Shopify location GID and the exemption the portal gave it. */
  locations: Map<number, { shopifyLocationId: string; taxExemption: string | null }>;
  /** The contacts made for this company's people, and for people who have since left it. */
  contacts: ShopifyCompanyContactRow[];
}

/** What the portal knows of the company in Shopify: its GID, its locations', and its people's contacts. */
export async function loadShopifyMapping(
  db: DatabaseOrTransaction,
  companyId: number,
): Promise<ShopifyMapping> {
  const [company] = await db.select().from(shopifyCompanies).where(eq(shopifyCompanies.companyId, companyId));
  const locations = await db
    .select({
      locationId: shopifyCompanyLocations.locationId,
      shopifyLocationId: shopifyCompanyLocations.shopifyLocationId,
      taxExemption: shopifyCompanyLocations.taxExemption,
    })
    .from(shopifyCompanyLocations)
    .innerJoin(companyLocations, eq(companyLocations.id, shopifyCompanyLocations.locationId))
    .where(eq(companyLocations.companyId, companyId));
  const contacts = await db
    .select()
    .from(shopifyCompanyContacts)
    .where(
      sql`${shopifyCompanyContacts.companyId} = ${companyId} or ${shopifyCompanyContacts.userId} in (select id from users where company_id = ${companyId})`,
    );
  return {
    shopifyCompanyId: company?.shopifyCompanyId ?? null,
    locations: new Map(locations.map(({ locationId, ...rest }) => [locationId, rest])),
    contacts,
  };
}

export async function saveCompanyId(db: DatabaseOrTransaction, companyId: number, shopifyCompanyId: string) {
  await db
    .insert(shopifyCompanies)
    .values({ companyId, shopifyCompanyId })
    .onConflictDoUpdate({
      target: shopifyCompanies.companyId,
      set: { shopifyCompanyId, updatedAt: sql`now()` },
    });
}

/** The Shopify company is gone (the merchant deleted it): forget it and everything in it. */
export async function forgetCompany(db: DatabaseOrTransaction, companyId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(shopifyCompanies)
      .set({ shopifyCompanyId: null, syncedFingerprint: null, updatedAt: sql`now()` })
      .where(eq(shopifyCompanies.companyId, companyId));
    await tx
      .delete(shopifyCompanyLocations)
      .where(
        inArray(
          shopifyCompanyLocations.locationId,
          tx
            .select({ id: companyLocations.id })
            .from(companyLocations)
            .where(eq(companyLocations.companyId, companyId)),
        ),
      );
    await tx.delete(shopifyCompanyContacts).where(eq(shopifyCompanyContacts.companyId, companyId));
  });
}

export async function saveLocation(
  db: DatabaseOrTransaction,
  locationId: number,
  change: { shopifyLocationId: string; taxExemption?: string | null },
) {
  await db
    .insert(shopifyCompanyLocations)
    .values({ locationId, ...change })
    .onConflictDoUpdate({
      target: shopifyCompanyLocations.locationId,
      set: { ...change, updatedAt: sql`now()` },
    });
}

export async function saveContact(
  db: DatabaseOrTransaction,
  row: Pick<
    ShopifyCompanyContactRow,
    'userId' | 'companyId' | 'shopifyContactId' | 'shopifyCustomerId' | 'sent'
  >,
) {
  await db
    .insert(shopifyCompanyContacts)
    .values(row)
    .onConflictDoUpdate({
      target: shopifyCompanyContacts.userId,
      set: { ...row, updatedAt: sql`now()` },
    });
}

export async function forgetContact(db: DatabaseOrTransaction, userId: number) {
  await db.delete(shopifyCompanyContacts).where(eq(shopifyCompanyContacts.userId, userId));
}

/**
 * Claims the company for one sync until `until` (the lease, shopify-companies.ts): false while another sync
 * holds it. A lease left by a sync that died ends by itself.
 */
export async function claimSync(
  db: DatabaseOrTransaction,
  companyId: number,
  now: Date,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .insert(shopifyCompanies)
    .values({ companyId, syncLeaseUntil: until })
    .onConflictDoUpdate({
      target: shopifyCompanies.companyId,
      set: { syncLeaseUntil: until },
      setWhere: sql`${shopifyCompanies.syncLeaseUntil} is null or ${shopifyCompanies.syncLeaseUntil} <= ${now}`,
    })
    .returning({ companyId: shopifyCompanies.companyId });
  return rows.length > 0;
}

export async function releaseSync(db: DatabaseOrTransaction, companyId: number, until: Date) {
  await db
    .update(shopifyCompanies)
    .set({ syncLeaseUntil: null })
    .where(and(eq(shopifyCompanies.companyId, companyId), eq(shopifyCompanies.syncLeaseUntil, until)));
}

/** The sync finished: what it sent is now what Shopify has. */
export async function recordSynced(
  db: DatabaseOrTransaction,
  companyId: number,
  fingerprint: string,
  at: Date,
  /** What could not be done for a person (a contact of another company), for staff; null when nothing. */
  problem: string | null,
) {
  await db
    .update(shopifyCompanies)
    .set({ syncedFingerprint: fingerprint, syncedAt: at, syncError: problem, updatedAt: sql`now()` })
    .where(eq(shopifyCompanies.companyId, companyId));
}

/**
 * The sync stopped on something staff must fix (shown in admin Companies). The fingerprint is recorded too,
 * so the same refusal is not retried every minute; the next change to the company tries again.
 */
export async function recordSyncError(
  db: DatabaseOrTransaction,
  companyId: number,
  error: string,
  fingerprint: string | null,
) {
  await db
    .insert(shopifyCompanies)
    .values({ companyId, syncError: error, syncedFingerprint: fingerprint })
    .onConflictDoUpdate({
      target: shopifyCompanies.companyId,
      set: { syncError: error, syncedFingerprint: fingerprint, updatedAt: sql`now()` },
    });
}

/** What staff see of a company in Shopify (admin Companies). */
export async function shopifyStatusOf(db: DatabaseOrTransaction, companyId: number) {
  const [row] = await db
    .select({
      shopifyCompanyId: shopifyCompanies.shopifyCompanyId,
      syncedAt: shopifyCompanies.syncedAt,
      syncError: shopifyCompanies.syncError,
    })
    .from(shopifyCompanies)
    .where(eq(shopifyCompanies.companyId, companyId));
  return row ?? null;
}

/**
 * What a draft order for `order` needs (docs/shopify.md#b2b-companies): the company's GID, the location's
 * (the order's, else the default), and the contacts of the person who placed it and of the owners.
 */
export async function loadPurchasingMapping(
  db: DatabaseOrTransaction,
  order: { companyId: number; locationId: number | null; userId: number | null },
) {
  const [company] = await db
    .select({ id: shopifyCompanies.shopifyCompanyId })
    .from(shopifyCompanies)
    .where(eq(shopifyCompanies.companyId, order.companyId));
  const [location] = await db
    .select({ id: shopifyCompanyLocations.shopifyLocationId, locationId: companyLocations.id })
    .from(companyLocations)
    .innerJoin(shopifyCompanyLocations, eq(shopifyCompanyLocations.locationId, companyLocations.id))
    .where(
      and(
        eq(companyLocations.companyId, order.companyId),
        order.locationId === null
          ? eq(companyLocations.isDefault, true)
          : eq(companyLocations.id, order.locationId),
      ),
    );
  const contacts = await db
    .select({
      userId: shopifyCompanyContacts.userId,
      contactId: shopifyCompanyContacts.shopifyContactId,
      companyRole: users.companyRole,
      status: users.status,
    })
    .from(shopifyCompanyContacts)
    .innerJoin(users, eq(users.id, shopifyCompanyContacts.userId))
    .where(and(eq(shopifyCompanyContacts.companyId, order.companyId), eq(users.companyId, order.companyId)))
    .orderBy(asc(users.id));
  const approved = contacts.filter((contact) => contact.status === 'approved');
  const owner = approved.find((contact) => contact.companyRole === 'owner');
  let placing = approved.find((contact) => contact.userId === order.userId);
  // A buyer's contact holds a role only at the buyer's locations: Shopify refuses it anywhere else.
  if (placing?.companyRole === 'buyer' && location) {
    const [given] = await db
      .select({ userId: memberLocations.userId })
      .from(memberLocations)
      .where(
        and(eq(memberLocations.userId, placing.userId), eq(memberLocations.locationId, location.locationId)),
      );
    if (!given) placing = undefined;
  }
  if (placing?.companyRole === 'viewer') placing = undefined;
  return {
    companyId: company?.id ?? null,
    companyLocationId: location?.id ?? null,
    placingContactId: placing?.contactId ?? null,
    ownerContactId: owner?.contactId ?? null,
  };
}
