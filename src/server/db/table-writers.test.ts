import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One writer per table (docs/architecture.md#one-writer-per-table): a guarded table is inserted into,
 * updated and deleted from only by the folder that owns it. Tests, test support, migrations and the
 * start-up seed (the first administrator of an empty database) are not writers in that sense.
 */
const WRITERS: Record<string, string> = {
  users: 'src/server/features/accounts/',
  companies: 'src/server/features/accounts/',
  company_locations: 'src/server/features/accounts/',
  company_invitations: 'src/server/features/team/',
  member_locations: 'src/server/features/accounts/',
  shopify_companies: 'src/server/features/companies-shopify/',
  shopify_company_locations: 'src/server/features/companies-shopify/',
  shopify_company_contacts: 'src/server/features/companies-shopify/',
  prepared_orders: 'src/server/features/orders/lifecycle/',
  order_changes: 'src/server/features/orders/lifecycle/',
  reorder_reminders: 'src/server/features/reorder-reminders/',
  reorder_link_tokens: 'src/server/features/accounts/',
};

const SERVER = 'src/server';
const NOT_WRITERS = [
  /\.test\.tsx?$/,
  /-test-support\.ts$/,
  /^src\/server\/test\//,
  /^src\/server\/db\/migrations\//,
  /^src\/server\/db\/seed\.ts$/,
];

/** A table's name in TypeScript: `company_locations` → `companyLocations`. */
const camelCase = (table: string) => table.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The writes of `table` (its SQL name) in a file's text: Drizzle's insert/update/delete of its TypeScript
 * name, and raw SQL inside sql`…`.
 */
function writesOf(text: string, table: string): string[] {
  const builder = new RegExp(
    String.raw`\.(?:insert|update|delete)\(\s*(?:\w+\.)?${camelCase(table)}\s*\)`,
    'g',
  );
  const raw = new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from)\s+"?${table}"?(?![\w.])`, 'gi');
  const sqlTexts = text.match(/sql`[^`]*`/g) ?? [];
  return [...(text.match(builder) ?? []), ...sqlTexts.flatMap((sql) => sql.match(raw) ?? [])];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative('.', path).split('\\').join('/')] : [];
  });
}

describe('one writer per table', () => {
  it('finds a write however it is spelled, and not a read', () => {
    expect(writesOf('await tx.update(users).set({ role })', 'users')).toHaveLength(1);
    expect(writesOf('db.insert( schema.users ).values(v)', 'users')).toHaveLength(1);
    expect(writesOf('await db.execute(sql`delete from "users" where id = ${id}`)', 'users')).toHaveLength(1);
    expect(writesOf('sql`UPDATE users SET status = ${s}`', 'users')).toHaveLength(1);
    expect(writesOf('db.select().from(users); sql`select * from users`', 'users')).toEqual([]);
    expect(writesOf('db.update(usersArchive); sql`update users_archive set x = 1`', 'users')).toEqual([]);
    expect(writesOf('await tx.insert(companyLocations).values(v)', 'company_locations')).toHaveLength(1);
    expect(writesOf('sql`update company_locations set name = ${n}`', 'company_locations')).toHaveLength(1);
  });

  it.each(Object.entries(WRITERS))('%s is written only under %s', (table, owner) => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => !file.startsWith(owner) && !NOT_WRITERS.some((rule) => rule.test(file)))
      .flatMap((file) => writesOf(readFileSync(file, 'utf8'), table).map((write) => `${file}: ${write}`));
    expect(offenders).toEqual([]);
  });
});
