import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/select-rows';
import { seedDatabase } from '../db/seed';
import { createTestDatabase } from './test-database';

const counts = async (db: Parameters<typeof selectRows>[0]) => {
  const [row] = await selectRows<{ products: number; users: number; version: number }>(
    db,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from users) as users,
               (select count(*)::int from catalog_version) as version`,
  );
  return row;
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite test databases used again', () => {
  it('hands the next file an emptied database with the rows the migrations wrote, ids from 1 again', async () => {
    const first = await createTestDatabase();
    await seedDatabase(first.db, {
      admin: { username: 'admin', email: 'admin@example.com', password: 'Seed-Admin-Pass-1' },
      demo: true,
    });
    expect((await counts(first.db))?.users).toBeGreaterThan(0);
    await first.close();
    expect(() => first.db.execute(sql`select 1`)).toThrow('The test database is closed');

    const next = await createTestDatabase();
    expect(await counts(next.db)).toEqual({ products: 0, users: 0, version: 1 });
    await seedDatabase(next.db, {
      admin: { username: 'admin', email: 'admin@example.com', password: 'Seed-Admin-Pass-1' },
      demo: false,
    });
    const [admin] = await selectRows<{ id: number }>(next.db, sql`select id from users`);
    expect(admin?.id).toBe(1);
    await next.close();
  });

  it('never hands on a database whose schema a test changed', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`alter table faq_items add column scribble text`);
    await changed.close();
    const next = await createTestDatabase();
    const columns = await selectRows<{ name: string }>(
      next.db,
      sql`select column_name as name from information_schema.columns
          where table_name = 'faq_items' and column_name = 'scribble'`,
    );
    expect(columns).toEqual([]);
    await next.close();
  });
});
