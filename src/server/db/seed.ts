import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildAddressString } from '../../shared/addresses';
import { checkPasswordRules } from '../../shared/passwords';
import { commonPasswordProblem } from '../security/common-passwords';
import { hashPassword } from '../security/password-hash';
import type { Database } from './client';
import {
  allowedSkus,
  appSettings,
  faqCategories,
  faqItems,
  policyDocuments,
  pricingTiers,
  products,
  companies,
  companyLocations,
  users,
  virtualProductComponents,
} from './schema';
import {
  DEMO_CUSTOMERS,
  SEED_ALLOWED_SKUS,
  SEED_BUNDLE,
  SEED_FAQ,
  SEED_PRODUCTS,
  SEED_TESTER,
  SEED_TIERS,
} from './seed-data';
import { SEED_POLICIES } from './seed-policies';

export interface SeedOptions {
  admin: { username: string; email: string; password?: string | undefined; name?: string | undefined };
  demo: boolean;
}

export interface SeedResult {
  catalogueSeeded: boolean;
  adminCreated: boolean;
  /** Set only when no ADMIN_PASSWORD was given: shown once, never stored in clear. */
  generatedAdminPassword?: string;
  demoCustomerCreated: boolean;
}

const CATALOGUE_SEED_KEY = 'seed.catalogue';

/**
 * Seeds a new database; safe to run on every start. The catalogue, tiers, allowed SKUs and FAQ are written
 * once (remembered in app_settings), so what staff later change or delete is never put back. A policy
 * document is written whenever it is missing (staff can edit one, not delete it). The first administrator
 * is created whenever no administrator exists.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const catalogueSeeded = await seedCatalogueOnce(db);
  await seedMissingPolicies(db);
  const admin = await ensureAdministrator(db, options.admin);
  const demoCustomerCreated = options.demo ? await ensureDemoCustomers(db) : false;
  return { catalogueSeeded, ...admin, demoCustomerCreated };
}

async function seedCatalogueOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Claims the seed step first: a concurrent start on the same PostgreSQL waits here, then skips.
    const claimed = await tx
      .insert(appSettings)
      .values({ key: CATALOGUE_SEED_KEY, value: { seededAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;

    await tx
      .insert(products)
      .values(SEED_PRODUCTS.map((product) => ({ ...product })))
      .onConflictDoNothing();
    // Explicit ids above do not advance the serial; new products must not collide with them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from products), 1))`,
    );
    const { components, ...bundle } = SEED_BUNDLE;
    await tx.insert(products).values([bundle, SEED_TESTER]).onConflictDoNothing();

    const bySku = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, [SEED_BUNDLE.sku, ...components.map((component) => component.sku)]));
    const idOf = (sku: string) => bySku.find((row) => row.sku === sku)?.id;
    const bundleId = idOf(SEED_BUNDLE.sku);
    if (bundleId === undefined) throw new Error('Seeding failed: the bundle product is missing');
    await tx
      .insert(virtualProductComponents)
      .values(
        components.map((component) => {
          const componentProductId = idOf(component.sku);
          if (componentProductId === undefined)
            throw new Error(`Seeding failed: ${component.sku} is missing`);
          return { virtualProductId: bundleId, componentProductId, quantity: component.quantity };
        }),
      )
      .onConflictDoNothing();

    await tx
      .insert(pricingTiers)
      .values(SEED_TIERS.map((tier) => ({ ...tier })))
      .onConflictDoNothing();
    await tx
      .insert(allowedSkus)
      .values(SEED_ALLOWED_SKUS.map((allowed) => ({ ...allowed })))
      .onConflictDoNothing();

    for (const [categoryIndex, category] of SEED_FAQ.entries()) {
      const [row] = await tx
        .insert(faqCategories)
        .values({ title: category.title, displayOrder: categoryIndex })
        .returning({ id: faqCategories.id });
      if (!row) throw new Error('Seeding failed: FAQ category not created');
      await tx
        .insert(faqItems)
        .values(
          category.items.map((item, itemIndex) => ({ categoryId: row.id, displayOrder: itemIndex, ...item })),
        );
    }
    return true;
  });
}

/**
 * The starter Terms & Conditions and Privacy Policy (docs/admin.md#policies), each only where its row is
 * missing: a database made before the policies existed gets them too, and what staff saved is never
 * overwritten (a concurrent start's insert simply finds the row there).
 */
async function seedMissingPolicies(db: Database): Promise<void> {
  await db
    .insert(policyDocuments)
    .values(SEED_POLICIES.map((policy) => ({ ...policy })))
    .onConflictDoNothing({ target: policyDocuments.kind });
}

/**
 * ADMIN_NAME as first and last name ('Morgan Reyes' → Morgan, Reyes). Without it the first administrator
 * has no name rather than a made-up one ('Portal Administrator' was greeted as 'Welcome back, Portal').
 */
function personalName(name: string | undefined): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(' ') || null };
}

async function ensureAdministrator(
  db: Database,
  admin: SeedOptions['admin'],
): Promise<Pick<SeedResult, 'adminCreated' | 'generatedAdminPassword'>> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length > 0) return { adminCreated: false };

  if (admin.password !== undefined) {
    const problem = checkPasswordRules(admin.password) ?? commonPasswordProblem(admin.password);
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  }
  const password = admin.password ?? generatePassword();
  const inserted = await db
    .insert(users)
    .values({
      username: admin.username,
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(password),
      ...personalName(admin.name),
      role: 'admin',
      status: 'approved',
      approvedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    // Another instance starting at the same moment may have created this administrator just now.
    const raced = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, admin.username), eq(users.role, 'admin')));
    if (raced.length > 0) return { adminCreated: false };
    throw new Error(
      `Cannot create the first administrator: the username "${admin.username}" or e-mail "${admin.email}" ` +
        'already belongs to another account. Set ADMIN_USERNAME and ADMIN_EMAIL to unused values.',
    );
  }
  return admin.password === undefined
    ? { adminCreated: true, generatedAdminPassword: password }
    : { adminCreated: true };
}

/** 20 random characters that always satisfy the password rules. */
function generatePassword(): string {
  return `${randomBytes(15).toString('base64url')}aA1`;
}

/**
 * The demo customers, each the owner of a company of their own (docs/companies.md); true when any was
 * created now. An instance starting at the same moment may create one first: its company is then not kept.
 */
async function ensureDemoCustomers(db: Database): Promise<boolean> {
  let created = false;
  for (const { businessName, ...customer } of DEMO_CUSTOMERS) {
    created =
      (await db.transaction(async (tx) => {
        const { username, email, firstName, lastName, phone, ...address } = customer;
        const [company] = await tx.insert(companies).values({ name: businessName }).returning();
        if (!company) throw new Error(`The demo company ${businessName} was not created`);
        await tx.insert(companyLocations).values({
          ...address,
          shippingAddress: buildAddressString({
            line1: address.shippingAddressLine1,
            city: address.shippingCity,
            state: address.shippingState,
            zip: address.shippingZip,
            country: address.shippingCountry,
          }),
          companyId: company.id,
          name: 'Main location',
          isDefault: true,
          phone,
        });
        const inserted = await tx
          .insert(users)
          .values({
            username,
            email,
            firstName,
            lastName,
            phone,
            role: 'customer',
            status: 'approved',
            approvedAt: new Date(),
            companyId: company.id,
            companyRole: 'owner',
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length === 0) await tx.delete(companies).where(eq(companies.id, company.id));
        return inserted.length > 0;
      })) || created;
  }
  return created;
}
