import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPasswordRules, PASSWORD_TOO_COMMON } from '../../shared/passwords';
import { isCommonPassword } from '../security/common-passwords';
import { verifyPassword } from '../security/password-hash';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import {
  allowedSkus,
  companies,
  companyLocations,
  appSettings,
  faqCategories,
  faqItems,
  policyDocuments,
  pricingTiers,
  products,
  users,
  virtualProductComponents,
} from './schema';
import { seedDatabase, type SeedOptions } from './seed';
import { SEED_POLICIES } from './seed-policies';

const options: SeedOptions = {
  admin: { username: 'owner', email: 'Owner@Example.com', password: 'Owner-Pass-1' },
  demo: false,
};

describe('seeding', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(() => handle.close());

  it('writes the catalogue of docs/catalogue-and-pricing.md#products with the historic ids, per-bottle prices and the bundle', async () => {
    await seedDatabase(handle.db, options);
    const rows = await handle.db.select().from(products).orderBy(asc(products.id));
    const bySku = Object.fromEntries(rows.map((row) => [row.sku, row]));
    expect(bySku['800-0001']).toMatchObject({ id: 1, wholesalePrice: 1065, msrp: 2600, caseSize: 12 });
    expect(bySku['800-0002']).toMatchObject({ id: 21, wholesalePrice: 485, msrp: 1000, caseSize: 12 });
    expect(bySku['SPLIT-PACK-01']).toMatchObject({ id: 27, wholesalePrice: 775, msrp: 1800, caseSize: 12 });
    expect(bySku['SAMPLE-01']).toMatchObject({ id: 17, isTester: true, isActive: false, price: 0 });
    expect(bySku['800-0003']).toMatchObject({ isTester: true, isActive: true, price: 0, caseSize: 1 });
    const bundle = bySku['800-0004']!;
    expect(bundle).toMatchObject({ isVirtual: true, caseSize: 12 });
    expect(bundle.id).toBeGreaterThan(27);

    const components = await handle.db
      .select({ sku: products.sku, quantity: virtualProductComponents.quantity })
      .from(virtualProductComponents)
      .innerJoin(products, eq(products.id, virtualProductComponents.componentProductId))
      .where(eq(virtualProductComponents.virtualProductId, bundle.id))
      .orderBy(asc(products.sku));
    expect(components).toEqual([
      { sku: '800-0001', quantity: 6 },
      { sku: '800-0002', quantity: 6 },
    ]);
    // 6 × 10.65 + 6 × 4.85 = 93.00, the bundle's price per bundle at base.
    const componentCents = components.reduce(
      (sum, component) => sum + component.quantity * bySku[component.sku]!.wholesalePrice!,
      0,
    );
    expect(componentCents).toBe(9300);
    expect(bundle.wholesalePrice! * bundle.caseSize).toBe(9300);
  });

  it('stores money as decimal(10,2) and discounts as decimal(5,2) in the database', async () => {
    await seedDatabase(handle.db, options);
    const result = await sqlRows(
      handle.db,
      sql`select price::text as price, wholesale_price::text as wholesale from products where id = 1`,
    );
    expect(result[0]).toEqual({ price: '26.00', wholesale: '10.65' });
    const tiers = await sqlRows(
      handle.db,
      sql`select minimum_cases, discount_percentage::text as discount from pricing_tiers order by minimum_cases`,
    );
    expect(tiers).toEqual([
      { minimum_cases: 1, discount: '5.00' },
      { minimum_cases: 2, discount: '7.00' },
      { minimum_cases: 3, discount: '10.00' },
      { minimum_cases: 5, discount: '15.00' },
    ]);
    const columns = await sqlRows<{
      table_name: string;
      column_name: string;
      numeric_precision: number;
      numeric_scale: number;
    }>(
      handle.db,
      sql`
      select table_name, column_name, numeric_precision, numeric_scale from information_schema.columns
      where table_schema = 'public' and data_type = 'numeric' order by table_name, column_name`,
    );
    for (const column of columns) {
      const expected = column.column_name === 'discount_percentage' ? [5, 2] : [10, 2];
      expect(
        [column.numeric_precision, column.numeric_scale],
        `${column.table_name}.${column.column_name}`,
      ).toEqual(expected);
    }
  });

  it('writes the four volume tiers, the allowed SKUs and a starter FAQ', async () => {
    await seedDatabase(handle.db, options);
    const tiers = await handle.db.select().from(pricingTiers).orderBy(asc(pricingTiers.minimumCases));
    expect(tiers.map((tier) => [tier.minimumCases, tier.discountPercentage])).toEqual([
      [1, 500],
      [2, 700],
      [3, 1000],
      [5, 1500],
    ]);
    const skus = (await handle.db.select().from(allowedSkus)).map((row) => row.sku).sort();
    expect(skus).toEqual(['800-0001', '800-0002', '800-0003', '800-0004', 'SPLIT-PACK-01']);
    const categories = await handle.db.select().from(faqCategories).orderBy(asc(faqCategories.displayOrder));
    expect(categories.map((category) => category.title)).toEqual([
      'Ordering',
      'Shipping & Delivery',
      'Payment & Invoices',
      'Your Account',
    ]);
    expect((await handle.db.select().from(faqItems)).length).toBeGreaterThanOrEqual(8);
  });

  it('creates the first administrator from the given credentials with an Argon2id hash', async () => {
    const result = await seedDatabase(handle.db, options);
    expect(result.adminCreated).toBe(true);
    expect(result.generatedAdminPassword).toBeUndefined();
    const [admin] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admin).toMatchObject({ username: 'owner', email: 'owner@example.com', status: 'approved' });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin!.passwordHash!, 'Owner-Pass-1')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash!, 'owner-pass-1')).toBe(false);
  });

  it('names the first administrator by ADMIN_NAME, and by nothing made up without it', async () => {
    await seedDatabase(handle.db, { ...options, admin: { ...options.admin, name: '  Morgan  de Reyes ' } });
    const [named] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(named).toMatchObject({ firstName: 'Morgan', lastName: 'de Reyes' });

    const unnamed = await createTestDatabase();
    try {
      await seedDatabase(unnamed.db, options);
      const [admin] = await unnamed.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admin).toMatchObject({ firstName: null, lastName: null });
    } finally {
      await unnamed.close();
    }
  });

  it('generates a strong administrator password when none is configured, returning it once', async () => {
    const first = await seedDatabase(handle.db, {
      ...options,
      admin: { username: 'admin', email: 'a@example.com' },
    });
    expect(first.generatedAdminPassword).toBeDefined();
    expect(checkPasswordRules(first.generatedAdminPassword!)).toBeNull();
    expect(isCommonPassword(first.generatedAdminPassword!)).toBe(false);
    const second = await seedDatabase(handle.db, {
      ...options,
      admin: { username: 'admin', email: 'a@example.com' },
    });
    expect(second.adminCreated).toBe(false);
    expect(second.generatedAdminPassword).toBeUndefined();
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules', async () => {
    await expect(
      seedDatabase(handle.db, { ...options, admin: { ...options.admin, password: 'short' } }),
    ).rejects.toThrow(/ADMIN_PASSWORD is not acceptable/);
  });

  it('refuses a common or breached ADMIN_PASSWORD with the reason, and creates no administrator', async () => {
    for (const password of ['Password1', 'pASSWORD1']) {
      await expect(
        seedDatabase(handle.db, { ...options, admin: { ...options.admin, password } }),
      ).rejects.toThrow(`ADMIN_PASSWORD is not acceptable: ${PASSWORD_TOO_COMMON}`);
    }
    expect(await handle.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(0);
  });

  it('is idempotent and never puts back what staff removed', async () => {
    await seedDatabase(handle.db, options);
    await handle.db.delete(allowedSkus).where(eq(allowedSkus.sku, 'SPLIT-PACK-01'));
    await handle.db
      .update(pricingTiers)
      .set({ discountPercentage: 600 })
      .where(eq(pricingTiers.minimumCases, 1));
    const counts = async () => ({
      products: (await handle.db.select().from(products)).length,
      tiers: (await handle.db.select().from(pricingTiers)).length,
      skus: (await handle.db.select().from(allowedSkus)).length,
      faq: (await handle.db.select().from(faqItems)).length,
      users: (await handle.db.select().from(users)).length,
    });
    const before = await counts();
    const again = await seedDatabase(handle.db, options);
    expect(again).toMatchObject({ catalogueSeeded: false, adminCreated: false });
    expect(await counts()).toEqual(before);
    const [starter] = await handle.db.select().from(pricingTiers).where(eq(pricingTiers.minimumCases, 1));
    expect(starter!.discountPercentage).toBe(600);
    expect((await handle.db.select().from(appSettings)).map((row) => row.key)).toEqual(['seed.catalogue']);
  });

  it('writes the starter Terms & Conditions and Privacy Policy, authored by nobody', async () => {
    await seedDatabase(handle.db, options);
    const rows = await handle.db.select().from(policyDocuments).orderBy(asc(policyDocuments.kind));
    expect(rows.map((row) => [row.kind, row.title, row.updatedBy])).toEqual([
      ['privacy', 'Privacy Policy', null],
      ['terms', 'Terms & Conditions', null],
    ]);
    for (const row of rows) {
      expect(row.body).toBe(SEED_POLICIES.find((policy) => policy.kind === row.kind)?.body);
      expect(row.body).toMatch(/^## /m);
    }
  });

  it("never overwrites staff's policy text, and adds a missing policy to a database seeded before them", async () => {
    await seedDatabase(handle.db, options);
    await handle.db
      .update(policyDocuments)
      .set({ title: 'Our Terms', body: 'Edited by staff.' })
      .where(eq(policyDocuments.kind, 'terms'));
    // A portal seeded by a version without policies: its catalogue step is done, its policies missing.
    await handle.db.delete(policyDocuments).where(eq(policyDocuments.kind, 'privacy'));

    const again = await seedDatabase(handle.db, options);
    expect(again.catalogueSeeded).toBe(false);
    const rows = await handle.db.select().from(policyDocuments).orderBy(asc(policyDocuments.kind));
    expect(rows.map((row) => [row.kind, row.title, row.body.slice(0, 16)])).toEqual([
      ['privacy', 'Privacy Policy', 'This policy expl'],
      ['terms', 'Our Terms', 'Edited by staff.'],
    ]);
  });

  it('creates the two approved demo customers only when asked', async () => {
    await seedDatabase(handle.db, options);
    expect(await handle.db.select().from(users).where(eq(users.role, 'customer'))).toHaveLength(0);
    const result = await seedDatabase(handle.db, { ...options, demo: true });
    expect(result.demoCustomerCreated).toBe(true);
    const customers = await handle.db
      .select()
      .from(users)
      .where(eq(users.role, 'customer'))
      .orderBy(asc(users.email));
    expect(customers.map((customer) => [customer.email, customer.status])).toEqual([
      ['buyer@example.com', 'approved'],
      ['demo@example.com', 'approved'],
    ]);
    const demo = customers[1];
    expect(demo).toMatchObject({ email: 'demo@example.com', status: 'approved', companyRole: 'owner' });
    const [location] = await handle.db
      .select()
      .from(companyLocations)
      .where(eq(companyLocations.companyId, demo!.companyId!));
    expect(location).toMatchObject({ isDefault: true, name: 'Main location', phone: '555-0100' });
    expect(location!.shippingAddress).toBe('100 Market Street\nPortland, OR, 97201\nUSA');
    // Each owns a company of their own, named after their business (docs/companies.md).
    const companyNames = async () =>
      (await handle.db.select({ name: companies.name }).from(companies).orderBy(asc(companies.name))).map(
        (company) => company.name,
      );
    expect(await companyNames()).toEqual(['Demo Boutique', 'Harbor Gifts']);
    expect(new Set(customers.map((customer) => customer.companyId)).size).toBe(2);
    expect((await seedDatabase(handle.db, { ...options, demo: true })).demoCustomerCreated).toBe(false);
    expect(await companyNames()).toEqual(['Demo Boutique', 'Harbor Gifts']);
  });
});
