import { GraphQLError } from 'graphql';
import { z } from 'zod';

/**
 * Relay cursor pagination as the Admin API does it (https://shopify.dev/concepts/graphql/pagination): at
 * most 250 items per page (docs/shopify.md#catalogue-read), `first`/`after` forward, `last`/`before`
 * backward, `reverse`, opaque base64 cursors that hold the sort position (`{"last_id":…,"last_value":…}`, the
 * shape Shopify's cursors decode to), so a cursor stays valid when items are added or removed between pages.
 */

export const MAX_PAGE_SIZE = 250;

export const connectionArgsSchema = z.object({
  first: z.number().int().nullish(),
  last: z.number().int().nullish(),
  after: z.string().nullish(),
  before: z.string().nullish(),
  reverse: z.boolean().nullish(),
});
export type ConnectionArgs = z.infer<typeof connectionArgsSchema>;

export interface Connection<N> {
  edges: { cursor: string; node: N }[];
  nodes: N[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

type SortValue = number | string;

const cursorSchema = z.object({ last_id: z.number(), last_value: z.union([z.number(), z.string()]) });

export function encodeCursor(id: number, value: SortValue): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString('base64');
}

function decodeCursor(cursor: string): { id: number; value: SortValue } {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')));
    return { id: parsed.last_id, value: parsed.last_value };
  } catch {
    throw new GraphQLError('Invalid cursor for current pagination sort.', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
}

function compareKeys(a: { id: number; value: SortValue }, b: { id: number; value: SortValue }): number {
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  return a.id - b.id;
}

/** Checks `first`/`last` the way the API does before anything is read. */
export function checkPageSize(args: ConnectionArgs): void {
  if (args.first == null && args.last == null) {
    throw new GraphQLError('you must provide one of first or last', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  for (const [name, value] of [
    ['first', args.first],
    ['last', args.last],
  ] as const) {
    if (value == null) continue;
    if (value < 0) {
      throw new GraphQLError(
        `Argument '${name}' on Field has an invalid value (${value}). Expected type 'Int!'.`,
        {
          extensions: { code: 'argumentLiteralsIncompatible' },
        },
      );
    }
    if (value > MAX_PAGE_SIZE) {
      throw new GraphQLError(
        `The ${name} argument on this connection is limited to ${MAX_PAGE_SIZE} items.`,
        {
          extensions: { code: 'MAX_PAGE_SIZE_EXCEEDED', maxPageSize: MAX_PAGE_SIZE },
        },
      );
    }
  }
}

/**
 * One page of `items`, ordered by `sortValue` then id (ascending, or descending with `reverse`), mapped to
 * GraphQL nodes only for the page.
 */
export function paginate<T, N>(
  items: readonly T[],
  rawArgs: unknown,
  key: (item: T) => { id: number; value: SortValue },
  toNode: (item: T) => N,
): Connection<N> {
  const args = connectionArgsSchema.parse(rawArgs ?? {});
  checkPageSize(args);
  const direction = args.reverse ? -1 : 1;
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => direction * compareKeys(a.key, b.key));

  let start = 0;
  let end = keyed.length;
  if (args.after) {
    const after = decodeCursor(args.after);
    while (start < end && direction * compareKeys(keyed[start]!.key, after) <= 0) start += 1;
  }
  if (args.before) {
    const before = decodeCursor(args.before);
    let limit = start;
    while (limit < end && direction * compareKeys(keyed[limit]!.key, before) < 0) limit += 1;
    end = limit;
  }
  let pageStart = start;
  let pageEnd = end;
  if (args.first != null) pageEnd = Math.min(pageEnd, pageStart + args.first);
  if (args.last != null) pageStart = Math.max(pageStart, pageEnd - args.last);

  const page = keyed.slice(pageStart, pageEnd);
  const edges = page.map(({ item, key: itemKey }) => ({
    cursor: encodeCursor(itemKey.id, itemKey.value),
    node: toNode(item),
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: pageEnd < keyed.length,
      hasPreviousPage: pageStart > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
