import { describe, expect, it } from 'vitest';
import { compileSearch, parseSearchQuery, type SearchSchema } from './search-query';

interface Item {
  id: number;
  title: string;
  status: string;
  sku: string | null;
  tags: string[];
  updatedAt: number;
}

const schema: SearchSchema<Item> = {
  defaultText: (item) => [item.title, item.sku],
  fields: {
    id: { type: 'number', value: (item) => item.id },
    title: { type: 'text', match: 'contains', values: (item) => [item.title] },
    status: { type: 'list', values: (item) => [item.status] },
    sku: { type: 'text', values: (item) => [item.sku] },
    tag: { type: 'list', values: (item) => item.tags },
    updated_at: { type: 'time', value: (item) => item.updatedAt },
  },
};

const items: Item[] = [
  {
    id: 1,
    title: 'Green Hoodie',
    status: 'active',
    sku: 'HOOD-1',
    tags: ['winter'],
    updatedAt: Date.parse('2026-10-01T00:00:00Z'),
  },
  {
    id: 2,
    title: '4 oz Bottle',
    status: 'draft',
    sku: '800-0001',
    tags: ["o'brien"],
    updatedAt: Date.parse('2026-11-02T00:00:00Z'),
  },
  {
    id: 3,
    title: 'Split Pack',
    status: 'archived',
    sku: 'SPLIT-PACK-01',
    tags: [],
    updatedAt: Date.parse('2026-11-03T12:00:00Z'),
  },
];

const ids = (query: string) => {
  const search = compileSearch(query, schema, () => Date.parse('2026-11-22T00:00:00Z'));
  return items.filter(search.matches).map((item) => item.id);
};

describe('Shopify search syntax', () => {
  it('parses fields, comparators and quoted values', () => {
    expect(parseSearchQuery("updated_at:>'2026-11-01T00:00:00Z'")).toEqual({
      kind: 'term',
      field: 'updated_at',
      comparator: '>',
      value: '2026-11-01T00:00:00Z',
    });
  });

  it('filters by time with comparators, partial dates and now', () => {
    expect(ids("updated_at:>'2026-11-01T00:00:00Z'")).toEqual([2, 3]);
    expect(ids('updated_at:<=2026-11-02T00:00:00Z')).toEqual([1, 2]);
    expect(ids("updated_at:>='2026-11-03'")).toEqual([3]);
    expect(ids('updated_at:<now')).toEqual([1, 2, 3]);
  });

  it('filters ids by value and range, also given as GIDs', () => {
    expect(ids('id:2')).toEqual([2]);
    expect(ids('id:>=2')).toEqual([2, 3]);
    expect(ids('id:gid://shopify/Product/3')).toEqual([3]);
  });

  it('takes comma lists, AND, OR, NOT, - and parentheses', () => {
    expect(ids('status:active,draft')).toEqual([1, 2]);
    expect(ids('status:active OR sku:SPLIT-PACK-01')).toEqual([1, 3]);
    expect(ids('-status:active')).toEqual([2, 3]);
    expect(ids('NOT status:active AND id:<3')).toEqual([2]);
    expect(ids('(status:draft OR status:archived) id:3')).toEqual([3]);
  });

  it('matches SKUs exactly (case-insensitive) and prefixes with *', () => {
    expect(ids('sku:800-0001')).toEqual([2]);
    expect(ids('sku:split-pack-01')).toEqual([3]);
    expect(ids('sku:800')).toEqual([]);
    expect(ids('sku:800*')).toEqual([2]);
  });

  it('resolves escaped quotes inside quoted values', () => {
    expect(ids("tag:'o\\'brien'")).toEqual([2]);
  });

  it('searches bare words across the default fields', () => {
    expect(ids('hoodie')).toEqual([1]);
    expect(ids('title:pack')).toEqual([3]);
  });

  it('ignores unknown fields and reports them as warnings', () => {
    const search = compileSearch('vendor:Acme status:draft', schema, Date.now);
    expect(items.filter(search.matches).map((item) => item.id)).toEqual([2]);
    expect(search.warnings).toEqual([{ field: 'vendor', message: 'Invalid search field for this query.' }]);
    expect([...search.fields]).toEqual(['vendor', 'status']);
  });
});
