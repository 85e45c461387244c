import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One home per order rule (shared/order-rules.ts and its SQL twins in order-rules.sql.ts): this fails when a
 * copy of one reappears elsewhere in the source, in the shapes the copies took before (issue 30). It reads
 * source text, so it catches the usual shapes, not every possible one.
 */

const SRC = join(import.meta.dirname, '../../../..');

/** Where the rules may be written out: their homes, the schema's index and checks, the migrations. */
const HOMES = [
  'shared/order-rules.ts',
  'shared/schemas/orders.ts',
  'server/features/orders/rules/',
  'server/db/schema/orders.ts',
  'server/db/migrations/',
];

const COPIES: Array<{ what: string; pattern: RegExp; example: string }> = [
  {
    what: 'a due date compared in SQL (use isOverdueSql, paymentNoticeOwedSql, …)',
    pattern:
      /payment_due_at\s*[<>]=?|\b(?:lt|lte|gt|gte)\(\s*[\w.]*paymentDueAt|\$\{\s*[\w.]*paymentDueAt\s*\}\s*[<>]=?/,
    example: 'and o.payment_due_at < ${now.toISOString()}::timestamptz',
  },
  {
    what: 'a due date compared with the time in TypeScript (use isOverdue, paymentNoticeOwed)',
    pattern:
      /paymentDueAt\)?(?:\.getTime\(\))?\s*[<>]=?\s*(?:now|Date\.now\(\)|new Date)|(?:now(?:\.getTime\(\))?|Date\.now\(\))\s*[<>]=?[^;\n]*paymentDueAt/,
    example: 'return new Date(order.paymentDueAt).getTime() < now.getTime();',
  },
  {
    what: 'the approved statuses listed (use isApproved, approvedSql)',
    pattern:
      /\[\s*'processing',\s*'shipped',\s*'delivered'\s*\]|===\s*'processing'\s*\|\|[^;\n]*===\s*'shipped'/,
    example: "const APPROVED_STATUSES = new Set(['processing', 'shipped', 'delivered']);",
  },
  {
    what: 'stored statuses typed out in SQL (use STORED_ORDER_STATUSES, isOpenSql, …)',
    pattern: /\bin \((?:\s*'[a-z_]+',)*\s*'(?:processing|shipped|delivered|cancelled|submitted|completed)'/,
    example: "sql`not (${orders.status} in ('delivered', 'completed') and ${orders.paymentStatus} = 'paid')`",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one home per order rule', () => {
  it.each(COPIES)('knows a copy when it sees one: $what', ({ pattern, example }) => {
    expect(example).toMatch(pattern);
  });

  it('finds no copy of an order rule outside its home', () => {
    const found = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !HOMES.some((home) => path.startsWith(home)) && !/test-support|\/test\//.test(path))
      .flatMap((path) =>
        readFileSync(join(SRC, path), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            COPIES.filter(({ pattern }) => pattern.test(line)).map(
              ({ what }) => `${path}:${index + 1}: ${what}`,
            ),
          ),
      );
    expect(found).toEqual([]);
  });
});
