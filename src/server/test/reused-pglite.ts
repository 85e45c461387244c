import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { selectRows } from '../db/select-rows';

/*
 * PGlite test databases, emptied and used again within a test worker (the integration project shares a
 * worker's modules between its files, so this list outlives a file). Opening one from the template costs
 * about 2.5 CPU seconds on the CI machine, a third of a typical file; emptying one costs a tenth of that.
 *
 * A database is used again only when it is as the template left it but for its rows: the same tables,
 * columns, constraints, indexes, triggers and functions (a test that changed the schema, or left it unable
 * to answer, has its database closed for good). Emptying truncates every table of the public schema
 * (Drizzle's migration journal lives in its own schema and stays), puts back the rows the migrations wrote
 * (the catalogue version's one row), restarts every sequence, and resets the session: settings back to their
 * defaults, advisory locks released.
 */

const idle: DatabaseHandle[] = [];
/** How long emptying may take before the database is given up (a transaction a test left open). */
const EMPTY_TIMEOUT_MS = 10_000;

/** What a fresh database holds, to compare a used one against and to put back. */
interface Template {
  shape: string;
  /** The tables the migrations wrote rows in, with those rows as JSON. */
  rows: Array<{ table: string; json: string }>;
}
let template: Template | null = null;

/** A database from this worker's emptied ones, or from `open` when there is none. */
export async function takeTestDatabase(open: () => Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const handle = idle.pop() ?? (await open());
  template ??= await describeTemplate(handle);
  let closed = false;
  return {
    ...handle,
    // Unusable once closed, as a database really closed would be, though it lives on for the next file.
    db: new Proxy(handle.db, {
      get(target, property) {
        if (closed) throw new Error('The test database is closed');
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      if (await withTimeout(emptied(handle), EMPTY_TIMEOUT_MS)) idle.push(handle);
      else await handle.close();
    },
  };
}

async function describeTemplate(handle: DatabaseHandle): Promise<Template> {
  const rows: Template['rows'] = [];
  for (const table of await publicTables(handle)) {
    const [row] = await selectRows<{ json: string | null }>(
      handle.db,
      sql`select json_agg(t)::text as json from ${sql.raw(table)} t`,
    );
    if (row?.json) rows.push({ table, json: row.json });
  }
  return { shape: await schemaShape(handle), rows };
}

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const tables = await selectRows<{ name: string }>(
    handle.db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return tables.map((table) => table.name);
}

async function emptied(handle: DatabaseHandle): Promise<boolean> {
  try {
    if (!template || (await schemaShape(handle)) !== template.shape) return false;
    const tables = await publicTables(handle);
    if (tables.length > 0) {
      await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
    }
    for (const { table, json } of template.rows) {
      await handle.db.execute(
        sql`insert into ${sql.raw(table)} overriding system value
            select * from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`,
      );
    }
    await handle.db.execute(
      sql`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
          from pg_sequences where schemaname = 'public'`,
    );
    await handle.db.execute(sql`reset all`);
    await handle.db.execute(sql`select pg_advisory_unlock_all()`);
    return true;
  } catch {
    return false;
  }
}

/** Every object of the public schema that a test could change, as one text (md5). */
async function schemaShape(handle: DatabaseHandle): Promise<string> {
  const [row] = await selectRows<{ shape: string }>(
    handle.db,
    sql`select md5(concat_ws('|',
          (select string_agg(format('%s:%s:%s', c.relname, c.relkind, (
             select string_agg(format('%s %s %s %s', a.attname, format_type(a.atttypid, a.atttypmod),
                                      a.attnotnull, pg_get_expr(d.adbin, d.adrelid)), ',' order by a.attnum)
             from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)), ';' order by c.relname)
           from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'),
          (select string_agg(format('%s %s', conname, pg_get_constraintdef(oid)), ';' order by conname)
           from pg_constraint where connamespace = 'public'::regnamespace),
          (select string_agg(format('%s %s', tgname, tgenabled), ';' order by tgname)
           from pg_trigger where not tgisinternal),
          (select string_agg(format('%s %s', proname, md5(prosrc)), ';' order by proname)
           from pg_proc where pronamespace = 'public'::regnamespace))) as shape`,
  );
  return row?.shape ?? '';
}

async function withTimeout(work: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
