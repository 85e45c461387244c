import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { sqlRows } from '../test/sql-rows';
import { createScratchPostgresDatabase } from '../test/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { companies, companyLocations, orders, users } from './schema';

/**
 * Issue 32's migrations on a database made by the previous release (migrations up to 0012, rows written in
 * that release's shape): every customer becomes the owner of a company of one with their business name
 * and payment terms, their addresses and phone become its default location, their orders become the
 * company's, and staff stay outside any company (docs/companies.md#from-customers-to-companies). On
 * PostgreSQL too when TEST_DATABASE_URL is set.
 */

const PREVIOUS_RELEASE = '0012_orders_created_at_id_index';

/** A copy of the migrations folder that ends at `lastTag`, as the previous release shipped it. */
function migrationsUpTo(lastTag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const last = journal.entries.find((entry) => entry.tag === lastTag);
  if (!last) throw new Error(`No migration ${lastTag}`);
  const entries = journal.entries.filter((entry) => entry.idx <= last.idx);
  for (const entry of entries) {
    copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function openPreviousRelease(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchPostgresDatabase(serverUrl) : null;
  const handle = await openDatabase(
    scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite', dataDir: null },
  );
  const previous = migrationsUpTo(PREVIOUS_RELEASE);
  try {
    const migrate = handle.kind === 'postgres' ? migrateNodePg : migratePglite;
    await migrate(handle.db as never, { migrationsFolder: previous.folder });
  } finally {
    previous.remove();
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch?.drop();
    },
  };
}

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPreviousRelease();
  // The previous release's rows: customers with their business on the person, their orders, staff.
  await sqlRows(
    handle.db,
    sql`insert into users (id, username, email, first_name, last_name, business_name, payment_terms, role,
          status, shipping_address_line1, shipping_city, created_at)
        values
          (10, 'ada@example.com', 'ada@example.com', 'Ada', 'Lovelace', 'Mist Shop', 'net30', 'customer',
            'approved', '1 Main St', 'Portland', '2026-01-02T03:04:05Z'),
          (11, 'bo@example.com', 'bo@example.com', 'Bo', 'Pending', 'Bo''s Beauty', 'on_approval', 'customer',
            'pending', null, null, '2026-02-03T04:05:06Z'),
          (12, 'nameless@example.com', 'nameless@example.com', 'Cy', 'Nobiz', '  ', 'net15', 'customer',
            'approved', null, null, now()),
          (13, 'anon@example.com', 'anon@example.com', null, null, null, 'on_approval', 'customer',
            'rejected', null, null, now()),
          (14, 'staff', 'staff@example.com', 'Sam', 'Staff', 'Should Not Matter', 'on_approval', 'admin',
            'approved', null, null, now())`,
  );
  await sqlRows(
    handle.db,
    sql`update users set phone = '555-0100', shipping_address = '1 Main St, Portland, OR 97201',
          shipping_address_line2 = 'Suite 2', shipping_state = 'OR', shipping_zip = '97201',
          billing_address_line1 = '9 Ledger Ln', billing_city = 'Salem', billing_country = 'USA'
        where id = 10`,
  );
  await sqlRows(
    handle.db,
    sql`insert into orders (id, user_id, customer_name, customer_email, business_name, payment_terms)
        values (500, 10, 'Ada Lovelace', 'ada@example.com', 'Mist Shop', 'net30'),
               (501, 10, 'Ada Lovelace', 'ada@example.com', 'Mist Shop', 'on_approval'),
               (502, 12, 'Cy Nobiz', 'nameless@example.com', 'Cy Co', 'net15')`,
  );
  await handle.migrate();
}, 120_000);
afterAll(() => handle.close());

describe('from customers to companies (migrations 0013 to 0016)', () => {
  it('makes every customer the owner of a company of one, with their business name and terms', async () => {
    const people = await handle.db
      .select({ id: users.id, companyId: users.companyId, companyRole: users.companyRole })
      .from(users)
      .orderBy(asc(users.id));
    const all = await handle.db.select().from(companies);
    const companyOf = (userId: number) => {
      const person = people.find((row) => row.id === userId);
      return all.find((company) => company.id === person?.companyId);
    };
    expect(companyOf(10)).toMatchObject({ name: 'Mist Shop', paymentTerms: 'net30' });
    expect(companyOf(10)?.createdAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(companyOf(11)).toMatchObject({ name: "Bo's Beauty", paymentTerms: 'on_approval' });
    // No business name given: the person's own name, else their e-mail, names the company.
    expect(companyOf(12)).toMatchObject({ name: 'Cy Nobiz', paymentTerms: 'net15' });
    expect(companyOf(13)).toMatchObject({ name: 'anon@example.com' });
    expect(people.filter((row) => row.id !== 14).map((row) => row.companyRole)).toEqual([
      'owner',
      'owner',
      'owner',
      'owner',
    ]);
    expect(new Set(all.map((company) => company.id)).size).toBe(4);
    // Staff belong to no company.
    expect(people.find((row) => row.id === 14)).toMatchObject({ companyId: null, companyRole: null });
  });

  it("gives each order its customer's company, and keeps what the order recorded", async () => {
    const rows = await handle.db
      .select({
        id: orders.id,
        userId: orders.userId,
        companyId: orders.companyId,
        business: orders.businessName,
      })
      .from(orders)
      .orderBy(asc(orders.id));
    const people = await handle.db.select({ id: users.id, companyId: users.companyId }).from(users);
    const companyIdOf = (userId: number | null) => people.find((row) => row.id === userId)?.companyId;
    expect(rows.map((row) => [row.id, row.companyId === companyIdOf(row.userId), row.business])).toEqual([
      [500, true, 'Mist Shop'],
      [501, true, 'Mist Shop'],
      [502, true, 'Cy Co'],
    ]);
    expect(rows.every((row) => row.companyId !== null)).toBe(true);
    // 0019: each shipped to its company's one address, which became its default location.
    const located = await handle.db
      .select({ id: orders.id, companyId: orders.companyId, locationId: orders.locationId })
      .from(orders);
    const defaults = await handle.db.select().from(companyLocations);
    for (const order of located) {
      expect(order.locationId).toBe(defaults.find((l) => l.companyId === order.companyId && l.isDefault)?.id);
    }
  });

  it("gives every company a default location with its owner's addresses and phone", async () => {
    const [ada] = await handle.db.select().from(users).where(eq(users.id, 10));
    const locations = await handle.db.select().from(companyLocations);
    expect(locations).toHaveLength(4);
    expect(locations.every((location) => location.isDefault && location.name === 'Main location')).toBe(true);
    expect(locations.find((location) => location.companyId === ada!.companyId)).toMatchObject({
      phone: '555-0100',
      shippingAddress: '1 Main St, Portland, OR 97201',
      shippingAddressLine1: '1 Main St',
      shippingAddressLine2: 'Suite 2',
      shippingCity: 'Portland',
      shippingState: 'OR',
      shippingZip: '97201',
      shippingCountry: 'USA',
      billingAddressLine1: '9 Ledger Ln',
      billingCity: 'Salem',
      billingCountry: 'USA',
    });
    // The person keeps their own phone.
    expect(ada!.phone).toBe('555-0100');
  });

  it('leaves the business on the company alone: the person no longer has its columns', async () => {
    const columns = await sqlRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns
          where table_name = 'users' and (column_name in ('business_name', 'payment_terms')
            or column_name like 'shipping%' or column_name like 'billing%')`,
    );
    expect(columns).toEqual([]);
  });

  it('goes on numbering companies after the migrated ones', async () => {
    const [created] = await handle.db.insert(companies).values({ name: 'Brand New' }).returning();
    const existing = await handle.db.select({ id: companies.id }).from(companies);
    expect(Math.max(...existing.map((row) => row.id))).toBe(created!.id);
  });
});
