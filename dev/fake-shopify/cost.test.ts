import { getOperationAST, Kind, parse, type FragmentDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { loadAdminSchema } from './schema';
import { createLeakyBucket, estimateQueryCost } from './cost';

function costOf(document: string, variables: Record<string, unknown> = {}) {
  const parsed = parse(document);
  const operation = getOperationAST(parsed);
  if (!operation) throw new Error('no operation');
  const fragments = parsed.definitions.filter(
    (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
  );
  return estimateQueryCost(loadAdminSchema(), operation, fragments, variables);
}

describe('query cost estimate (docs/shopify.md#query-cost)', () => {
  // Expected values were computed with the reference cost estimator (estimate-cost.mjs) for the same
  // documents.
  it('prices the portal documents as the shared estimator does', () => {
    // 2 + first × (7 + variantsFirst), documents.ts
    expect(costOf(SHOPIFY_DOCUMENTS.ListProducts, { first: 10, variantsFirst: 50 })).toBe(572);
    // 7 + 7 × variantsFirst: 6 per variant, and 1 more for the portal-visibility metafield each selects
    expect(costOf(SHOPIFY_DOCUMENTS.GetProduct, { variantsFirst: 100 })).toBe(707);
    expect(costOf(SHOPIFY_DOCUMENTS.CreateDraftOrder)).toBe(10);
    expect(costOf(SHOPIFY_DOCUMENTS.GetDraftOrder)).toBe(2);
    expect(costOf(SHOPIFY_DOCUMENTS.GetOrder)).toBe(3);
  });

  it('prices the payment terms documents: a list of templates as one object, schedules by `first`', () => {
    expect(costOf(SHOPIFY_DOCUMENTS.PaymentTermsTemplates)).toBe(1);
    // order 1 + paymentTerms 1 + paymentSchedules(first: 1) 2 + 1 × 1
    expect(costOf(SHOPIFY_DOCUMENTS.GetOrderPaymentTerms)).toBe(5);
    expect(
      costOf('query { order(id: "x") { paymentTerms { paymentSchedules(first: 10) { nodes { id } } } } }'),
    ).toBe(1 + 1 + 2 + 10);
    for (const name of ['CompleteDraftOrderOnTerms', 'SendOrderInvoice', 'SendPaymentReminder'] as const) {
      expect(costOf(SHOPIFY_DOCUMENTS[name])).toBe(10);
    }
  });

  it('follows fragments and literal arguments, and charges 10 per mutation field', () => {
    expect(
      costOf(
        `query { products(first: 3) { nodes { ...P } } } fragment P on Product { id featuredMedia { id } }`,
      ),
    ).toBe(2 + 3 * 2);
    expect(
      costOf(
        'mutation { a: draftOrderDelete(input: {id: "x"}) { deletedId } b: draftOrderDelete(input: {id: "y"}) { deletedId } }',
      ),
    ).toBe(20);
  });
});

describe('leaky bucket', () => {
  it('takes the requested cost, refuses what it cannot hold and refills at the restore rate', () => {
    let now = 0;
    const bucket = createLeakyBucket({ maximumAvailable: 100, restoreRate: 10 }, () => now);
    expect(bucket.take(80)).toBe(true);
    expect(bucket.status()).toEqual({ maximumAvailable: 100, currentlyAvailable: 20, restoreRate: 10 });
    expect(bucket.take(50)).toBe(false);
    expect(bucket.status().currentlyAvailable).toBe(20);
    now += 3_000;
    expect(bucket.take(50)).toBe(true);
    bucket.refund(30);
    expect(bucket.status().currentlyAvailable).toBe(30);
    now += 60_000;
    expect(bucket.status().currentlyAvailable).toBe(100);
  });
});
