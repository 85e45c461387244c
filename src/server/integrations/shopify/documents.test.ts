import {
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  OperationTypeNode,
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
import { B2B_DRAFT_ORDER_VARIABLES, EXAMPLE_VARIABLES } from './documents-test-support';
import { loadAdminSchema } from '../../../../dev/fake-shopify/schema';

/*
 * Every document the portal sends, validated with graphql-js against Shopify's real Admin 2026-10 schema
 * (docs/shopify.md#schema-checks), deprecations included. Custom scalars (Money, Decimal, URL, DateTime) are
 * opaque in a client schema, so their formats are left to the zod schemas in shopify-api.ts and to the fake
 * store.
 */

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

  it('CreateDraftOrder accepts a purchasingCompany purchasing entity', () => {
    const operation = onlyOperation(parse(SHOPIFY_DOCUMENTS.CreateDraftOrder));
    const result = getVariableValues(schema, operation.variableDefinitions ?? [], B2B_DRAFT_ORDER_VARIABLES);
    expect(result.errors?.map((error) => error.message) ?? []).toEqual([]);
    const { companyContactId: _, ...noContact } =
      B2B_DRAFT_ORDER_VARIABLES.input.purchasingEntity.purchasingCompany;
    const incomplete = getVariableValues(schema, operation.variableDefinitions ?? [], {
      input: { ...B2B_DRAFT_ORDER_VARIABLES.input, purchasingEntity: { purchasingCompany: noContact } },
    });
    expect(incomplete.errors?.[0]?.message).toMatch(/companyContactId/);
  });

  it('never uses the deprecated tax mutations (companyLocationTaxSettingsUpdate instead)', () => {
    const deprecated = `mutation Old($id: ID!) {
      companyLocationAssignTaxExemptions(companyLocationId: $id, taxExemptions: [US_TX_RESELLER_EXEMPTION]) {
        userErrors { field message code }
      }
    }`;
    expect(validationErrors(deprecated)).toEqual([
      expect.stringContaining('Mutation.companyLocationAssignTaxExemptions is deprecated'),
    ]);
    for (const source of Object.values(SHOPIFY_DOCUMENTS)) {
      expect(selectedFields(parse(source))).not.toContain('Mutation.companyLocationAssignTaxExemptions');
    }
    expect(selectedFields(parse(SHOPIFY_DOCUMENTS.UpdateCompanyLocationTaxSettings))).toContain(
      'Mutation.companyLocationTaxSettingsUpdate',
    );
  });

  it('selects code on every BusinessCustomerUserError (they have one, unlike the draft UserError)', () => {
    let checked = 0;
    for (const [name, source] of entries) {
      const typeInfo = new TypeInfo(schema);
      visit(
        parse(source),
        visitWithTypeInfo(typeInfo, {
          Field(node) {
            const type = typeInfo.getType();
            if (!type || getNamedType(type).name !== 'BusinessCustomerUserError') return;
            checked += 1;
            const selected = node.selectionSet?.selections.map((selection) =>
              selection.kind === Kind.FIELD ? selection.name.value : selection.kind,
            );
            expect(selected, name).toContain('code');
          },
        }),
      );
    }
    expect(checked).toBe(12); // the company mutations
  });

  const mutations = entries.filter(([, source]) =>
    parse(source).definitions.some(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.MUTATION,
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
