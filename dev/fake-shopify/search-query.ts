/**
 * Shopify's search syntax for the `query` argument of `products`, `draftOrders` and `orders`
 * (https://shopify.dev/api/usage/search-syntax; the filter tables are in the schema descriptions):
 * terms joined by whitespace or AND, OR, NOT / `-` negation, parentheses, `field:value`, comparators
 * `field:>value` `>=` `<` `<=`, quoted values `'…'` or `"…"`, comma lists `status:active,draft`, a trailing
 * `*` for a prefix, and bare words searched across the default fields.
 */

export type Comparator = '=' | '>' | '>=' | '<' | '<=';

export type SearchNode =
  | { kind: 'and' | 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'term'; field: string | null; comparator: Comparator; value: string };

/** How one filterable field reads a resource. */
export type SearchField<T> =
  | { type: 'text'; values: (item: T) => (string | null)[]; match?: 'exact' | 'contains' }
  | { type: 'list'; values: (item: T) => (string | null)[] }
  | { type: 'number'; value: (item: T) => number }
  | { type: 'time'; value: (item: T) => number | null }
  | { type: 'predicate'; test: (item: T, value: string, comparator: Comparator) => boolean };

export interface SearchSchema<T> {
  fields: Record<string, SearchField<T>>;
  /** Bare words ("green hoodie") match any of these, case-insensitively, as substrings. */
  defaultText: (item: T) => (string | null)[];
}

export interface SearchWarning {
  field: string;
  message: string;
}

export class SearchSyntaxError extends Error {}

export function parseSearchQuery(query: string): SearchNode | null {
  const tokens = tokenize(query);
  let position = 0;
  const peek = () => tokens[position];

  function parseOr(): SearchNode | null {
    const children: SearchNode[] = [];
    const first = parseAnd();
    if (first) children.push(first);
    while (peek() === 'OR') {
      position += 1;
      const next = parseAnd();
      if (next) children.push(next);
    }
    if (children.length === 0) return null;
    return children.length === 1 ? (children[0] ?? null) : { kind: 'or', children };
  }

  function parseAnd(): SearchNode | null {
    const children: SearchNode[] = [];
    for (;;) {
      const token = peek();
      if (token === undefined || token === ')' || token === 'OR') break;
      if (token === 'AND') {
        position += 1;
        continue;
      }
      const node = parseUnary();
      if (node) children.push(node);
    }
    if (children.length === 0) return null;
    return children.length === 1 ? (children[0] ?? null) : { kind: 'and', children };
  }

  function parseUnary(): SearchNode | null {
    const token = peek();
    if (token === undefined) return null;
    position += 1;
    if (token === 'NOT') {
      const child = parseUnary();
      return child ? { kind: 'not', child } : null;
    }
    if (token === '(') {
      const inner = parseOr();
      if (peek() === ')') position += 1;
      return inner;
    }
    if (token === ')') return null;
    if (token.startsWith('-') && token.length > 1) {
      return { kind: 'not', child: parseTerm(token.slice(1)) };
    }
    return parseTerm(token);
  }

  const tree = parseOr();
  if (position < tokens.length) {
    // A stray ')' — Shopify is lenient; so are we: parse the rest as more AND terms.
    position += 1;
    const rest = parseOr();
    return tree && rest ? { kind: 'and', children: [tree, rest] } : (tree ?? rest);
  }
  return tree;
}

function parseTerm(token: string): SearchNode {
  const fieldMatch = /^([a-z_][a-z0-9_.]*):(.*)$/i.exec(token);
  if (!fieldMatch) return { kind: 'term', field: null, comparator: '=', value: unquote(token) };
  const field = (fieldMatch[1] ?? '').toLowerCase();
  let rest = fieldMatch[2] ?? '';
  let comparator: Comparator = '=';
  for (const candidate of ['>=', '<=', '>', '<'] as const) {
    if (rest.startsWith(candidate)) {
      comparator = candidate;
      rest = rest.slice(candidate.length);
      break;
    }
  }
  return { kind: 'term', field, comparator, value: unquote(rest) };
}

/** Strips one pair of surrounding quotes and resolves backslash escapes (`\'` → `'`). */
function unquote(value: string): string {
  const trimmed = value.trim();
  const quote = trimmed[0];
  const inner =
    (quote === "'" || quote === '"') && trimmed.endsWith(quote) && trimmed.length >= 2
      ? trimmed.slice(1, -1)
      : trimmed;
  return inner.replace(/\\(.)/g, '$1');
}

/** Splits on whitespace and parentheses, keeping quoted stretches (which may hold spaces) inside a token. */
function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  const flush = () => {
    if (current) tokens.push(current);
    current = '';
  };
  let escaped = false;
  for (const char of query) {
    if (escaped) {
      current += char;
      escaped = false;
    } else if (char === '\\') {
      current += char;
      escaped = true;
    } else if (quote) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
      current += char;
    } else if (/\s/.test(char)) {
      flush();
    } else if (char === '(' || (char === ')' && !current.includes('('))) {
      flush();
      tokens.push(char);
    } else {
      current += char;
    }
  }
  if (quote) throw new SearchSyntaxError(`Unterminated quote in search query: ${query}`);
  flush();
  return tokens;
}

/**
 * A predicate for `query` over resources described by `schema`. Terms naming a field the resource does not
 * have are ignored (they match everything) and reported as warnings, as the real API does in
 * `extensions.search`.
 */
export function compileSearch<T>(
  query: string | null | undefined,
  schema: SearchSchema<T>,
  now: () => number,
): { matches: (item: T) => boolean; fields: Set<string>; warnings: SearchWarning[] } {
  const tree = query ? parseSearchQuery(query) : null;
  const fields = new Set<string>();
  const warnings: SearchWarning[] = [];
  if (!tree) return { matches: () => true, fields, warnings };

  const collect = (node: SearchNode) => {
    if (node.kind === 'term') {
      if (node.field) fields.add(node.field);
      if (node.field && !Object.hasOwn(schema.fields, node.field)) {
        warnings.push({ field: node.field, message: 'Invalid search field for this query.' });
      }
    } else if (node.kind === 'not') collect(node.child);
    else node.children.forEach(collect);
  };
  collect(tree);

  const evaluate = (node: SearchNode, item: T): boolean => {
    switch (node.kind) {
      case 'and':
        return node.children.every((child) => evaluate(child, item));
      case 'or':
        return node.children.some((child) => evaluate(child, item));
      case 'not':
        return !evaluate(node.child, item);
      case 'term':
        return matchTerm(node, item, schema, now);
    }
  };
  return { matches: (item) => evaluate(tree, item), fields, warnings };
}

function matchTerm<T>(
  term: Extract<SearchNode, { kind: 'term' }>,
  item: T,
  schema: SearchSchema<T>,
  now: () => number,
): boolean {
  if (term.field === null) {
    const needle = term.value.toLowerCase().replace(/\*$/, '');
    return schema.defaultText(item).some((text) => text !== null && text.toLowerCase().includes(needle));
  }
  const field = Object.hasOwn(schema.fields, term.field) ? schema.fields[term.field] : undefined;
  if (!field) return true;
  switch (field.type) {
    case 'text':
    case 'list': {
      const wanted =
        field.type === 'list' ? term.value.split(',').map((value) => value.trim()) : [term.value];
      const values = field.values(item);
      const mode = field.type === 'text' ? (field.match ?? 'exact') : 'exact';
      return wanted.some((want) => values.some((value) => textMatches(value, want, mode)));
    }
    case 'number': {
      const wanted = Number(term.value.replace(/^gid:\/\/shopify\/[A-Za-z]+\//, ''));
      return Number.isFinite(wanted) && compare(field.value(item), wanted, term.comparator);
    }
    case 'predicate':
      return field.test(item, term.value, term.comparator);
    case 'time': {
      const value = field.value(item);
      const wanted = parseSearchTime(term.value, now);
      return value !== null && wanted !== null && compare(value, wanted, term.comparator);
    }
  }
}

function textMatches(value: string | null, want: string, mode: 'exact' | 'contains'): boolean {
  if (value === null) return false;
  const haystack = value.toLowerCase();
  const needle = want.toLowerCase();
  if (needle === '*') return true;
  if (needle.endsWith('*')) return haystack.startsWith(needle.slice(0, -1));
  return mode === 'contains' ? haystack.includes(needle) : haystack === needle;
}

export function compare(actual: number, wanted: number, comparator: Comparator): boolean {
  switch (comparator) {
    case '=':
      return actual === wanted;
    case '>':
      return actual > wanted;
    case '>=':
      return actual >= wanted;
    case '<':
      return actual < wanted;
    case '<=':
      return actual <= wanted;
  }
}

/** `2026-11-01T00:00:00Z`, `2026-11-01`, `2024` (the start of that year) or `now`; ms since the epoch. */
export function parseSearchTime(value: string, now: () => number): number | null {
  if (value === 'now') return now();
  if (/^\d{4}$/.test(value)) return Date.UTC(Number(value), 0, 1);
  if (/^\d{4}-\d{2}$/.test(value)) return Date.parse(`${value}-01T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}
