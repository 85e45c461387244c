import { Kind, parse, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ShopifyOperation } from './client';
import { SHOPIFY_DOCUMENTS } from './documents';
import { operations } from './operations';

/** The tree of field names a selection set asks for: { products: { pageInfo: { hasNextPage: {}, … } } }. */
type Tree = { [field: string]: Tree };

function selectionTree(selectionSet: SelectionSetNode | undefined): Tree {
  const tree: Tree = {};
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind !== Kind.FIELD) throw new Error('fragments are not used in our documents');
    tree[selection.alias?.value ?? selection.name.value] = selectionTree(selection.selectionSet);
  }
  return tree;
}

/** The same tree read from a zod schema, looking through nullable, optional and arrays. */
function schemaTree(schema: z.core.$ZodType): Tree {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return schemaTree(schema.unwrap());
  if (schema instanceof z.ZodArray) return schemaTree(schema.element);
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, schemaTree(value)]));
  }
  return {};
}

const all: ShopifyOperation<unknown>[] = Object.values(operations).map((entry) =>
  typeof entry === 'function' ? entry(10, 50) : entry,
);

describe('operations', () => {
  it.each(all.map((operation) => [operation.name, operation] as const))(
    '%s: the data schema holds exactly the fields its document selects',
    (name, operation) => {
      expect(operation.document).toBe(SHOPIFY_DOCUMENTS[name as keyof typeof SHOPIFY_DOCUMENTS]);
      const definition = parse(operation.document).definitions[0];
      if (definition?.kind !== Kind.OPERATION_DEFINITION) throw new Error('not an operation');
      expect(schemaTree(operation.data)).toEqual(selectionTree(definition.selectionSet));
    },
  );

  it('estimates every query under the 1000-point single-query limit at the page sizes used', () => {
    expect(operations.listProducts(10, 50).estimatedCost).toBe(572);
    expect(operations.getProduct(100).estimatedCost).toBeLessThan(1000);
    for (const operation of all) expect(operation.estimatedCost).toBeLessThanOrEqual(1000);
  });
});
