import {
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  getNamedType,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_DOCUMENTS, type ShopifyOperationName } from './documents';
import { loadAdminSchema } from './schema';

/*
 * Every document the portal sends, validated with graphql-js against Shopify's real Admin 2026-10 schema
 * (CONTRACT.md §6), deprecations included — the check ../shared/shopify/tools/validate-ops.mjs does, in CI.
 * Custom scalars (Money, Decimal, URL, DateTime) are opaque in a client schema, so their formats are left to
 * the zod schemas in shopify-api.ts and to the fake store.
 */

/** Realistic variables per operation (from ../shared/shopify/sample-variables.json plus the portal's own). */
const EXAMPLE_VARIABLES: Record<ShopifyOperationName, Record<string, unknown>> = {
  ListProducts: { first: 10, after: null, query: "updated_at:>'2026-11-01T00:00:00Z'", variantsFirst: 50 },
  GetProduct: {
    id: 'gid://shopify/Product/8123456789',
    variantsFirst: 100,
    variantsAfter: 'eyJsYXN0X2lkIjo0fQ==',
  },
  UpdateVariants: {
    productId: 'gid://shopify/Product/8123456789',
    variants: [
      { id: 'gid://shopify/ProductVariant/44567890123', price: '10.00', compareAtPrice: '12.00' },
      { id: 'gid://shopify/ProductVariant/44567890124', price: '19.99', compareAtPrice: null },
    ],
  },
  CreateDraftOrder: {
    input: {
      email: 'buyer@example.com',
      note: 'Wholesale order WO-1042 (portal)',
      poNumber: 'WO-1042',
      tags: ['wholesale', 'portal-order-1042'],
      customAttributes: [{ key: 'portal_order_id', value: 'WO-1042' }],
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Acme Ltd',
        address1: '1 Main St',
        address2: 'Unit 4',
        city: 'Toronto',
        provinceCode: 'ON',
        countryCode: 'CA',
        zip: 'M5V 1A1',
        phone: '+14165550100',
      },
      lineItems: [
        {
          variantId: 'gid://shopify/ProductVariant/44567890123',
          quantity: 12,
          priceOverride: { amount: '10.65', currencyCode: 'USD' },
          customAttributes: [{ key: 'sku', value: '800-0001' }],
        },
        {
          variantId: 'gid://shopify/ProductVariant/44567890125',
          quantity: 1,
          priceOverride: { amount: '0.00', currencyCode: 'USD' },
        },
      ],
    },
  },
  GetDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
  SendDraftOrderInvoice: {
    id: 'gid://shopify/DraftOrder/1099511627776',
    email: { to: 'buyer@example.com', subject: 'Your wholesale order WO-1042', customMessage: 'Thanks!' },
  },
  CompleteDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
  GetOrder: { id: 'gid://shopify/Order/5555555555' },
  CreateWebhook: {
    topic: 'ORDERS_PAID',
    sub: { uri: 'https://portal.example.com/api/shopify/webhooks', format: 'JSON' },
  },
  FindDraftOrderByTag: { query: "tag:'portal-order-1042'" },
  UpdateDraftOrder: {
    id: 'gid://shopify/DraftOrder/1099511627776',
    input: { note: 'Updated note', tags: ['wholesale', 'portal-order-1042'] },
  },
  DeleteDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
};

const RULES = [...specifiedRules, NoDeprecatedCustomRule];

let schema: GraphQLSchema;
beforeAll(() => {
  schema = loadAdminSchema();
});

function onlyOperation(document: DocumentNode): OperationDefinitionNode {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  expect(operations).toHaveLength(1);
  return operations[0]!;
}

function validationErrors(source: string): string[] {
  return validate(schema, parse(source), RULES).map((error) => error.message);
}

/** Every `Type.field` a document selects, e.g. 'DraftOrder.note2'. */
function selectedFields(document: DocumentNode): string[] {
  const typeInfo = new TypeInfo(schema);
  const fields: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent) fields.push(`${getNamedType(parent).name}.${node.name.value}`);
      },
    }),
  );
  return fields;
}

describe('Shopify GraphQL documents', () => {
  const entries = Object.entries(SHOPIFY_DOCUMENTS) as [ShopifyOperationName, string][];

  it('has one example set of variables per document', () => {
    expect(Object.keys(EXAMPLE_VARIABLES).sort()).toEqual(Object.keys(SHOPIFY_DOCUMENTS).sort());
  });

  it.each(entries)(
    '%s is valid against the Admin 2026-10 schema, with no deprecated field',
    (name, source) => {
      const document = parse(source);
      expect(onlyOperation(document).name?.value).toBe(name);
      expect(validationErrors(source)).toEqual([]);
    },
  );

  it.each(entries)('%s accepts its example variables', (name, source) => {
    const operation = onlyOperation(parse(source));
    const result = getVariableValues(schema, operation.variableDefinitions ?? [], EXAMPLE_VARIABLES[name]);
    expect(result.errors?.map((error) => error.message) ?? []).toEqual([]);
  });

  it('never selects DraftOrder.note (it does not exist; the field is note2)', () => {
    for (const source of Object.values(SHOPIFY_DOCUMENTS)) {
      expect(selectedFields(parse(source))).not.toContain('DraftOrder.note');
    }
    expect(selectedFields(parse(SHOPIFY_DOCUMENTS.CreateDraftOrder))).toContain('DraftOrder.note2');
  });

  it('keeps the CreateDraftOrder payload to the draft fields the portal reads (no line items)', () => {
    const draftFields = selectedFields(parse(SHOPIFY_DOCUMENTS.CreateDraftOrder)).filter((field) =>
      field.startsWith('DraftOrder.'),
    );
    expect(draftFields).toEqual(
      [
        'id',
        'legacyResourceId',
        'name',
        'status',
        'invoiceUrl',
        'email',
        'note2',
        'ready',
        'totalPriceSet',
      ].map((field) => `DraftOrder.${field}`),
    );
  });

  const mutations = entries.filter(([, source]) =>
    parse(source).definitions.some(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation',
    ),
  );

  it.each(mutations)(
    '%s selects no connection in its payload (a mutation is costed for its payload too)',
    (_name, source) => {
      const connections: string[] = [];
      visit(parse(source), {
        Field(node) {
          if (node.arguments?.some((argument) => ['first', 'last'].includes(argument.name.value))) {
            connections.push(node.name.value);
          }
        },
      });
      expect(connections).toEqual([]);
    },
  );
});

describe('the validation itself', () => {
  it('rejects an unknown field, DraftOrder.note included', () => {
    expect(validationErrors('query { draftOrder(id: "gid://shopify/DraftOrder/1") { id note } }')).toEqual([
      expect.stringContaining('Cannot query field "note" on type "DraftOrder"'),
    ]);
  });

  it('rejects a deprecated field (Product.featuredImage)', () => {
    const errors = validationErrors(
      'query { product(id: "gid://shopify/Product/1") { featuredImage { url } } }',
    );
    expect(errors).toEqual([expect.stringContaining('Product.featuredImage is deprecated')]);
  });

  it('rejects the removed productVariantUpdate mutation', () => {
    expect(
      validationErrors('mutation { productVariantUpdate(input: {}) { userErrors { message } } }'),
    ).not.toEqual([]);
  });

  it('rejects variables of the wrong shape', () => {
    const operation = onlyOperation(parse(SHOPIFY_DOCUMENTS.UpdateVariants));
    const result = getVariableValues(schema, operation.variableDefinitions ?? [], {
      productId: 'gid://shopify/Product/1',
      variants: [{ id: 'gid://shopify/ProductVariant/1', prize: '1.00' }],
    });
    expect(result.errors?.[0]?.message).toMatch(/prize/);
  });
});
