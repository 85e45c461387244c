/**
 * `npm run seed:volume`: a generated data set for measuring Insights (docs/admin.md#insights, ADR 0033) on
 * the database the portal would use (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR/pglite): a few
 * hundred approved customers (some on net payment terms), a handful of registrations waiting for review,
 * and 100,000 orders with their lines over the last two years, in every status (legacy values included),
 * with due dates for the net-terms orders, some of them overdue.
 *
 *   npm run seed:volume                         # 100,000 orders, 300 customers
 *   npm run seed:volume -- --orders 20000 --customers 50
 *   npm run seed:volume -- --again              # add another set to a database that has one
 *
 * The rows are made by the database itself (generate_series, one statement per batch of orders and their
 * lines), so nothing crosses the wire but the statements. The pseudo-random choices are seeded per batch:
 * the same command on an empty database makes the same data, relative to the day it runs. A database that
 * already has a generated set is refused unless `--again` is given (the set is remembered in app_settings).
 * Stop the portal first when it runs on PGlite: one process per data folder.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client';
import { databaseTargetFor, describeTarget } from '../src/server/db/connect';
import { selectRows } from '../src/server/db/select-rows';
import { acquireDataDirLock } from '../src/server/db/data-dir-lock';
import { seedDatabase } from '../src/server/db/seed';
import { loadEnv } from '../src/server/env';

const SETTING_KEY = 'seed.volume';
const BATCH_SIZE = 10_000;
const DAYS = 730;
/** Registrations waiting for review, this many hours old: the oldest is past the 48-hour promise. */
const PENDING_REGISTRATION_AGES_HOURS = [3, 20, 30, 52, 100];

const { values: options } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '300' },
    again: { type: 'boolean', default: false },
  },
});
const orderCount = positiveInteger('--orders', options.orders);
const customerCount = positiveInteger('--customers', options.customers);

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) fail(`${name} must be a whole number of at least 1`);
  return value;
}

/** A run the script declines, said in a sentence (the database is closed cleanly first). */
class Refused extends Error {}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = (() => {
  try {
    return loadEnv();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
const target = databaseTargetFor(env);
const releaseLock = target.kind === 'pglite' ? acquireDataDirLock(path.resolve(env.DATA_DIR)) : () => {};
const database = await openDatabase(target);
try {
  console.log(`Generating on ${describeTarget(target)}`);
  await database.migrate();
  const seeded = await seedDatabase(database.db, {
    admin: { username: env.ADMIN_USERNAME, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    demo: false,
  });
  // A new database: its first administrator's password is shown once, as `npm start` does.
  if (seeded.generatedAdminPassword) {
    console.log(
      `First administrator created: username "${env.ADMIN_USERNAME}", password "${seeded.generatedAdminPassword}"`,
    );
  }
  await generate(database.db);
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
  releaseLock();
}

async function generate(db: Database) {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const previous = await selectRows<{ value: { runs?: number } }>(
    db,
    sql`select value from app_settings where key = ${SETTING_KEY}`,
  );
  const run = (previous[0]?.value.runs ?? 0) + 1;
  if (run > 1 && !options.again) {
    throw new Refused(
      'This database already has a generated data set (app_settings seed.volume). ' +
        'Run with --again to add another one.',
    );
  }
  // Each run has its own customers, so a second set adds to the first instead of colliding with it.
  const prefix = `volume-${run}-`;
  await createCustomers(db, prefix);
  console.log(
    `${customerCount} customers and ${PENDING_REGISTRATION_AGES_HOURS.length} registrations (${elapsed()})`,
  );
  for (let first = 1; first <= orderCount; first += BATCH_SIZE) {
    const last = Math.min(first + BATCH_SIZE - 1, orderCount);
    await db.transaction(async (tx) => {
      // One seed per batch: the same batch makes the same rows, whichever connection runs it.
      await tx.execute(sql`select setseed(${((run * 7919 + first) % 1_000_003) / 1_000_003}::float8)`);
      await tx.execute(insertOrders(prefix, first, last));
    });
    console.log(
      `orders ${last.toLocaleString('en-US')} / ${orderCount.toLocaleString('en-US')} (${elapsed()})`,
    );
  }
  await db.execute(sql`
    insert into app_settings (key, value) values (${SETTING_KEY}, ${JSON.stringify({ runs: run })}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
  // Fresh statistics and visibility map, as autovacuum would leave them: the planner then sees the data.
  for (const table of ['orders', 'order_items', 'users'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [counts] = await selectRows<{ orders: number; overdue: number }>(
    db,
    sql`select count(*)::int as orders,
      count(*) filter (where payment_due_at < now() and payment_status <> 'paid' and status <> 'cancelled')::int
        as overdue
      from orders`,
  );
  console.log(
    `Done in ${elapsed()}: the database holds ${counts?.orders.toLocaleString('en-US')} orders, ` +
      `${counts?.overdue} of them with an overdue payment.`,
  );
}

/**
 * Approved customers, every fourth on Net 30 and every seventh on Net 60 (docs/orders.md#payment-terms),
 * and registrations still waiting for review.
 */
async function createCustomers(db: Database, prefix: string) {
  // Each customer owns a company of their own, its default location their address (docs/companies.md).
  await db.execute(sql`
    with made as (
      insert into companies (name, payment_terms, created_at, updated_at)
      select 'Volume Boutique ' || lpad(n::text, 3, '0'),
        case when n % 7 = 0 then 'net60' when n % 4 = 0 then 'net30' else 'on_approval' end,
        now() - make_interval(days => ${DAYS + 31}::int), now() - make_interval(days => ${DAYS + 31}::int)
      from generate_series(1, ${customerCount}::int) n
      returning id, substring(name from '[0-9]+$')::int as n
    ), located as (
      insert into company_locations (company_id, name, is_default, phone, shipping_address_line1, shipping_city,
        shipping_state, shipping_zip)
      select id, 'Main location', true, '555-0100', n || ' Market Street', 'Portland', 'OR', '97201' from made
    )
    insert into users (username, email, first_name, last_name, phone, role, status, approved_at, created_at,
      company_id, company_role)
    select ${prefix} || 'customer-' || n, ${prefix} || 'customer-' || n || '@example.com', 'Avery', 'Buyer ' || n,
      '555-0100', 'customer', 'approved', now() - make_interval(days => ${DAYS + 30}::int),
      now() - make_interval(days => ${DAYS + 31}::int), id, 'owner'
    from made`);
  await db.execute(sql`
    with made as (
      insert into companies (name)
      select 'Applicant Shop ' || n from generate_series(1, ${PENDING_REGISTRATION_AGES_HOURS.length}::int) n
      returning id, substring(name from '[0-9]+$')::int as n
    ), located as (
      insert into company_locations (company_id, name, is_default) select id, 'Main location', true from made
    )
    insert into users (username, email, first_name, last_name, role, status, created_at, company_id, company_role)
    select ${prefix} || 'applicant-' || n, ${prefix} || 'applicant-' || n || '@example.com', 'Robin',
      'Applicant ' || n, 'customer', 'pending',
      now() - make_interval(hours => (${`{${PENDING_REGISTRATION_AGES_HOURS.join(',')}}`}::int[])[n]), id, 'owner'
    from made`);
}

/**
 * Orders `first`…`last` of the set and their lines, in one statement (as the portal writes an order: ADR
 * 0019). Order g is placed at an even step through the two years, oldest first, so the table grows in time
 * order as a real one does. Its customer is skewed (some buy far more than others), its size is 1 to 12
 * cases (small ones likelier) of 4 oz and 1 oz bottles at the tier the cases reach, and one in fifty is a
 * tester alone (no tier, nothing to pay). The status follows the order's age, like a business that approves
 * within a day or two, ships within a week and delivers within three; old orders may hold the legacy values
 * (docs/orders.md#legacy-status-values), and a few old ones were never approved. Net-terms orders get their
 * due date at approval and are mostly paid, but some that fell due in the last two months are not.
 */
function insertOrders(prefix: string, first: number, last: number) {
  return sql`
    with customers as materialized (
      select u.id, u.email, c.name as business_name, u.first_name || ' ' || u.last_name as name,
        c.payment_terms, u.company_id, row_number() over (order by u.id) - 1 as n
      from users u join companies c on c.id = u.company_id where u.email like ${`${prefix}customer-%`}
    ),
    tiers as materialized (select id, minimum_cases, discount_percentage from pricing_tiers),
    picks as materialized (
      select g,
        now() - make_interval(secs => (${DAYS} * 86400.0) * (1 - (g - 0.5 + random() * 0.9) / ${orderCount}))
          as created_at,
        floor(${customerCount} * random() ^ 2)::int as customer,
        case when random() < 0.02 then 0 else 1 + floor(12 * random() ^ 2.5)::int end as cases,
        random() as split, random() as fate, random() as legacy, random() as pay_luck
      from generate_series(${first}::int, ${last}::int) g
    ),
    shaped as materialized (
      select p.*, c.id as user_id, c.company_id, c.email, c.business_name, c.name, c.payment_terms,
        floor(p.cases * p.split * 0.6)::int as one_oz_cases,
        (select t.id from tiers t where t.minimum_cases <= p.cases order by t.minimum_cases desc limit 1)
          as tier_id,
        coalesce((select t.discount_percentage from tiers t where t.minimum_cases <= p.cases
          order by t.minimum_cases desc limit 1), 0) as discount,
        extract(epoch from now() - p.created_at) / 86400 as age
      from picks p join customers c on c.n = p.customer
    ),
    priced as materialized (
      select s.*, s.cases - s.one_oz_cases as four_oz_cases,
        round(10.65 * (1 - s.discount / 100), 2) as four_oz_price,
        round(4.85 * (1 - s.discount / 100), 2) as one_oz_price,
        case
          when s.age > 21 then case when s.fate < 0.05 then 'cancelled'
            when s.fate < 0.0503 then 'submitted'
            when s.age > 365 and s.legacy < 0.3 then 'completed' else 'delivered' end
          when s.age > 7 then case when s.fate < 0.05 then 'cancelled' when s.fate < 0.1 then 'processing'
            when s.fate < 0.4 then 'shipped' else 'delivered' end
          when s.age > 2 then case when s.fate < 0.05 then 'cancelled' when s.fate < 0.15 then 'pending'
            when s.fate < 0.6 then 'processing' else 'shipped' end
          else case when s.fate < 0.05 then 'cancelled' when s.fate < 0.75 then 'pending' else 'processing' end
        end as status
      from shaped s
    ),
    final as materialized (
      select p.*, nextval(pg_get_serial_sequence('orders', 'id')) as id,
        12 * (p.four_oz_cases * p.four_oz_price + p.one_oz_cases * p.one_oz_price) as order_total,
        12 * (p.four_oz_cases * 10.65 + p.one_oz_cases * 4.85) as standard_total,
        case when p.status in ('processing', 'shipped', 'delivered', 'completed')
          then p.created_at + interval '20 hours' end as approved_at,
        case when p.status in ('shipped', 'delivered', 'completed')
          then p.created_at + interval '3 days' end as shipped_at,
        case when p.status in ('delivered', 'completed') then p.created_at + interval '8 days' end as delivered_at,
        case when p.status = 'cancelled' then p.created_at + interval '1 day' end as cancelled_at
      from priced p
    ),
    due as materialized (
      select f.*,
        case when f.approved_at is not null and f.payment_terms <> 'on_approval'
          then f.approved_at + make_interval(days => substr(f.payment_terms, 4)::int) end as payment_due_at
      from final f
    ),
    settled as materialized (
      select p.*,
        case
          when p.status in ('pending', 'submitted', 'cancelled') then 'unpaid'
          when p.order_total = 0 then 'paid'
          when p.payment_due_at is null then case when p.status = 'processing' then 'invoice_sent' else 'paid' end
          when p.payment_due_at > now() then case when p.pay_luck < 0.3 then 'paid' else 'unpaid' end
          when p.payment_due_at > now() - interval '60 days' then case when p.pay_luck < 0.9 then 'paid' else 'unpaid' end
          else case when p.pay_luck < 0.999 then 'paid' else 'unpaid' end
        end as payment_status
      from due p
    ),
    inserted as (
      insert into orders (id, user_id, company_id, customer_name, customer_email, business_name, shipping_address_line1,
        shipping_city, shipping_state, shipping_zip, status, payment_status, payment_terms, payment_due_at,
        total_cases, standard_total, order_total, tier_id, discount_percentage, test_mode, approved_at,
        paid_at, shipped_at, delivered_at, cancelled_at, created_at, updated_at)
      select id, user_id, company_id, name, email, business_name, '1 Market Street', 'Portland', 'OR', '97201', status,
        payment_status, payment_terms, payment_due_at, cases, standard_total, order_total,
        case when cases > 0 then tier_id end, discount, true, approved_at,
        case when payment_status = 'paid' then coalesce(approved_at, created_at) + interval '2 days' end,
        shipped_at, delivered_at, cancelled_at, created_at,
        coalesce(cancelled_at, delivered_at, shipped_at, approved_at, created_at)
      from settled
    ),
    four_oz as (
      insert into order_items (order_id, product_id, quantity, price, name, sku)
      select id, 1, four_oz_cases * 12, four_oz_price, '4 oz Bottle', '800-0001' from settled
      where four_oz_cases > 0
    ),
    one_oz as (
      insert into order_items (order_id, product_id, quantity, price, name, sku)
      select id, 21, one_oz_cases * 12, one_oz_price, '1 oz Bottle', '800-0002' from settled
      where one_oz_cases > 0
    )
    insert into order_items (order_id, product_id, quantity, price, name, sku)
    select s.id, p.id, 1, 0, p.name, p.sku from settled s
    join products p on p.sku = '800-0003'
    where s.cases = 0 or s.fate > 0.97`;
}
