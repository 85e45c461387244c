import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { companies, companyLocations, productPricingTiers, products, pricingTiers, users } from './schema';

describe('the migrated schema', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('has every entity of both spec documents plus the design tables', async () => {
    const result = await sqlRows(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect((result as Array<{ table_name: string }>).map((row) => row.table_name)).toEqual([
      'admin_devices',
      'admin_login_challenges',
      'admin_recovery_codes',
      'admin_totp',
      'allowed_skus',
      'app_settings',
      'audit_log',
      'catalog_version',
      'companies',
      'company_invitations',
      'company_locations',
      'faq_categories',
      'faq_items',
      'idempotency_keys',
      'jobs',
      'magic_link_tokens',
      'member_locations',
      'order_changes',
      'order_items',
      'orders',
      'password_reset_tokens',
      'policy_documents',
      'prepared_orders',
      'pricing_tiers',
      'product_pricing_tiers',
      'products',
      'rate_limit_counters',
      'reorder_link_tokens',
      'reorder_reminders',
      'sessions',
      'shopify_companies',
      'shopify_company_contacts',
      'shopify_company_locations',
      'shopify_webhook_events',
      'support_messages',
      'users',
      'virtual_product_components',
    ]);
  });

  it('applies the spec defaults to a new user and a new order', async () => {
    const [company] = await handle.db.insert(companies).values({ name: 'Shop' }).returning();
    expect(company).toMatchObject({ paymentTerms: 'on_approval' });
    const [user] = await handle.db
      .insert(users)
      .values({
        username: 'shop@example.com',
        email: 'shop@example.com',
        companyId: company!.id,
        companyRole: 'owner',
      })
      .returning();
    expect(user).toMatchObject({ role: 'customer', status: 'pending' });
    const [location] = await handle.db
      .insert(companyLocations)
      .values({ companyId: company!.id, name: 'Main location' })
      .returning();
    expect(location).toMatchObject({ isDefault: false, shippingCountry: 'USA', billingCountry: 'USA' });
    const order = await sqlRows(
      handle.db,
      sql`
      insert into orders (user_id, customer_name, customer_email, business_name)
      values (${user!.id}, 'Sam', 'shop@example.com', 'Shop') returning status, fulfillment_status, shipping_status, payment_status`,
    );
    expect(order[0]).toEqual({
      status: 'pending',
      fulfillment_status: 'unfulfilled',
      shipping_status: 'not_shipped',
      payment_status: 'unpaid',
    });
  });

  it('enforces the uniqueness rules of the spec', async () => {
    await handle.db.insert(products).values({ name: 'A', sku: 'UNIQ-1', price: 100 });
    await expect(
      handle.db.insert(products).values({ name: 'B', sku: 'UNIQ-1', price: 100 }),
    ).rejects.toThrow();
    const [product] = await handle.db
      .insert(products)
      .values({ name: 'C', sku: 'UNIQ-2', price: 100 })
      .returning();
    const [tier] = await handle.db
      .insert(pricingTiers)
      .values({ name: 'T', minimumCases: 7, discountPercentage: 1250 })
      .returning();
    await handle.db
      .insert(productPricingTiers)
      .values({ productId: product!.id, tierId: tier!.id, price: 900 });
    await expect(
      handle.db.insert(productPricingTiers).values({ productId: product!.id, tierId: tier!.id, price: 800 }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(users).values({ username: 'x', email: 'Mixed@Example.com', role: 'admin' }),
    ).rejects.toThrow();
  });

  it('keeps every customer in a company with a role, and staff in none', async () => {
    const [company] = await handle.db.insert(companies).values({ name: 'Role Shop' }).returning();
    const person = (email: string) => ({ username: email, email });
    // A customer without a company, a company without a role, a role outside the list: all refused.
    await expect(handle.db.insert(users).values(person('alone@example.com'))).rejects.toThrow();
    await expect(
      handle.db.insert(users).values({ ...person('norole@example.com'), companyId: company!.id }),
    ).rejects.toThrow();
    await expect(
      sqlRows(
        handle.db,
        sql`insert into users (username, email, company_id, company_role)
            values ('boss@example.com', 'boss@example.com', ${company!.id}, 'boss')`,
      ),
    ).rejects.toThrow();
    await expect(handle.db.insert(companies).values({ name: '  ' })).rejects.toThrow();
    // One default location a company.
    const location = { companyId: company!.id, name: 'Shop', isDefault: true };
    await handle.db.insert(companyLocations).values(location);
    await expect(handle.db.insert(companyLocations).values(location)).rejects.toThrow();
    await handle.db.insert(companyLocations).values({ ...location, isDefault: false });
    const [admin] = await handle.db
      .insert(users)
      .values({ ...person('staff@example.com'), role: 'admin' })
      .returning();
    expect(admin).toMatchObject({ companyId: null, companyRole: null });
  });

  it('rejects negative money and out-of-range discounts', async () => {
    await expect(handle.db.insert(products).values({ name: 'N', sku: 'NEG-1', price: -1 })).rejects.toThrow();
    await expect(
      handle.db
        .insert(pricingTiers)
        .values({ name: 'Too much', minimumCases: 9, discountPercentage: 10_001 }),
    ).rejects.toThrow();
  });
});
