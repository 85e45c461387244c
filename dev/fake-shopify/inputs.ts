import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { VariantBulkInput } from './catalogue';
import type { DraftLineInput, DraftOrderInput, MoneyAmount } from './draft-orders';
import type { InvoiceEmail } from './email';
import { idOf } from './gid';
import { parseAmount } from './money';
import type { FakeAddress, FakeAttribute, FakeDiscount } from './state';

/**
 * Mutation arguments after graphql-js has coerced them: the shapes are guaranteed by the schema, except the
 * custom scalars (Money, Decimal), which a client schema passes through untouched
 * (docs/shopify.md#schema-checks). zod gives the resolvers typed values and turns a bad amount into the
 * GraphQL error the real API returns.
 */

const amount = z.unknown().transform((value, ctx) => {
  const cents = parseAmount(value);
  if (cents === null) {
    ctx.addIssue({
      code: 'custom',
      message: `invalid decimal '${typeof value === 'string' ? value : JSON.stringify(value)}'`,
    });
    return z.NEVER;
  }
  return cents;
});

export const text = z.string().nullish();

/** A DateTime in ms, whole seconds like every time in the store. */
export const dateTime = z.string().transform((value, ctx) => {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: `invalid date-time '${value}'` });
    return z.NEVER;
  }
  return Math.floor(ms / 1000) * 1000;
});

const moneyInput = z
  .object({ amount, currencyCode: z.string() })
  .transform((money): MoneyAmount => ({ amount: money.amount, currencyCode: money.currencyCode }));

const attribute = z
  .object({ key: z.string(), value: z.string().nullish() })
  .transform((input): FakeAttribute => ({ key: input.key, value: input.value ?? null }));

const address = z
  .object({
    firstName: text,
    lastName: text,
    company: text,
    address1: text,
    address2: text,
    city: text,
    provinceCode: text,
    countryCode: text,
    zip: text,
    phone: text,
    // Deprecated, still accepted by the API.
    province: text,
    country: text,
  })
  .transform((input): FakeAddress => ({
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    company: input.company ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    provinceCode: input.provinceCode ?? input.province ?? null,
    countryCode:
      input.countryCode ??
      (input.country && /^[A-Z]{2}$/i.test(input.country) ? input.country.toUpperCase() : null),
    zip: input.zip ?? null,
    phone: input.phone ?? null,
  }));

const discount = z
  .object({
    value: z.number(),
    valueType: z.enum(['FIXED_AMOUNT', 'PERCENTAGE']),
    title: text,
    description: text,
    amountWithCurrency: moneyInput.nullish(),
    amount: amount.nullish(),
  })
  .transform((input): FakeDiscount => ({
    title: input.title ?? null,
    description: input.description ?? null,
    value: input.value,
    valueType: input.valueType,
  }));

const lineItem = z.object({
  variantId: text,
  quantity: z.number().int(),
  priceOverride: moneyInput.nullish(),
  generatePriceOverride: z.boolean().nullish(),
  originalUnitPriceWithCurrency: moneyInput.nullish(),
  originalUnitPrice: amount.nullish(),
  appliedDiscount: discount.nullish(),
  title: text,
  sku: text,
  taxable: z.boolean().nullish(),
  requiresShipping: z.boolean().nullish(),
  customAttributes: z.array(attribute).nullish(),
  uuid: text,
});

export const draftOrderInputSchema = z.object({
  // Deprecated for purchasingEntity.customerId, still accepted.
  customerId: text,
  purchasingEntity: z
    .object({
      customerId: text,
      purchasingCompany: z
        .object({ companyId: z.string(), companyLocationId: z.string(), companyContactId: z.string() })
        .nullish(),
    })
    .nullish(),
  email: text,
  phone: text,
  note: text,
  poNumber: text,
  tags: z.array(z.string()).nullish(),
  customAttributes: z.array(attribute).nullish(),
  shippingAddress: address.nullish(),
  billingAddress: address.nullish(),
  lineItems: z.array(lineItem).nullish(),
  appliedDiscount: discount.nullish(),
  shippingLine: z
    .object({ title: text, priceWithCurrency: moneyInput.nullish(), price: amount.nullish() })
    .nullish(),
  taxExempt: z.boolean().nullish(),
  visibleToCustomer: z.boolean().nullish(),
  sourceName: text,
  paymentTerms: z
    .object({
      paymentTermsTemplateId: text,
      paymentSchedules: z
        .array(z.object({ issuedAt: dateTime.nullish(), dueAt: dateTime.nullish() }))
        .nullish(),
    })
    .nullish(),
});

export const emailInputSchema = z
  .object({
    to: text,
    from: text,
    subject: text,
    customMessage: text,
    body: text,
    bcc: z.array(z.string()).nullish(),
  })
  .nullish();

export const variantsBulkSchema = z.array(
  z.object({
    id: text,
    price: amount.nullish(),
    compareAtPrice: amount.nullish(),
    published: z.boolean().nullish(),
    metafields: z
      .array(
        z.object({
          namespace: z.string().nullish(),
          key: z.string().nullish(),
          type: z.string().nullish(),
          value: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
);

/** Parses one argument; a problem becomes the GraphQL error Shopify gives for a bad argument value. */
export function parseArgument<S extends z.ZodType>(schema: S, value: unknown, name: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    path: issue.path.map(String),
    explanation: issue.message,
  }));
  const first = problems[0];
  const where = first && first.path.length > 0 ? ` for ${first.path.join('.')}` : '';
  throw new GraphQLError(
    `Argument '${name}' was provided invalid value${where} (${first?.explanation ?? 'invalid'})`,
    { extensions: { code: 'INVALID_VARIABLE', problems } },
  );
}

/** A GID → id; a GID of another type names nothing (0 never exists). */
const numericIdOf = (value: string, type: string) => idOf(value, type) ?? 0;
const variantIdOf = (value: string) => numericIdOf(value, 'ProductVariant');
const customerIdOf = (value: string | null | undefined) =>
  value == null ? value : numericIdOf(value, 'Customer');

export function toDraftOrderInput(input: z.output<typeof draftOrderInputSchema>): DraftOrderInput {
  const lines = input.lineItems?.map((line): DraftLineInput => ({
    variantId: line.variantId == null ? undefined : variantIdOf(line.variantId),
    quantity: line.quantity,
    priceOverride: line.priceOverride,
    generatePriceOverride: line.generatePriceOverride,
    originalUnitPriceWithCurrency: line.originalUnitPriceWithCurrency,
    originalUnitPrice: line.originalUnitPrice,
    appliedDiscount: line.appliedDiscount,
    title: line.title,
    sku: line.sku,
    taxable: line.taxable,
    requiresShipping: line.requiresShipping,
    customAttributes: line.customAttributes,
    uuid: line.uuid,
  }));
  const shipping = input.shippingLine;
  const terms = input.paymentTerms;
  const entity = input.purchasingEntity;
  const buyer = entity?.purchasingCompany;
  return {
    customerId: customerIdOf(input.customerId),
    purchasingEntity: entity && {
      customerId: customerIdOf(entity.customerId),
      purchasingCompany: buyer && {
        companyId: numericIdOf(buyer.companyId, 'Company'),
        locationId: numericIdOf(buyer.companyLocationId, 'CompanyLocation'),
        contactId: numericIdOf(buyer.companyContactId, 'CompanyContact'),
      },
    },
    email: input.email,
    phone: input.phone,
    note: input.note,
    poNumber: input.poNumber,
    tags: input.tags,
    customAttributes: input.customAttributes,
    shippingAddress: input.shippingAddress,
    billingAddress: input.billingAddress,
    lineItems: lines,
    appliedDiscount: input.appliedDiscount,
    shippingLine:
      shipping === undefined
        ? undefined
        : shipping === null
          ? null
          : {
              title: shipping.title ?? 'Shipping',
              price: shipping.priceWithCurrency?.amount ?? shipping.price ?? 0,
            },
    taxExempt: input.taxExempt,
    visibleToCustomer: input.visibleToCustomer,
    sourceName: input.sourceName,
    paymentTerms: terms && {
      templateId:
        terms.paymentTermsTemplateId == null
          ? undefined
          : idOf(terms.paymentTermsTemplateId, 'PaymentTermsTemplate'),
      schedules: (terms.paymentSchedules ?? []).map((schedule) => ({
        issuedAt: schedule.issuedAt ?? null,
        dueAt: schedule.dueAt ?? null,
      })),
    },
  };
}

export function toInvoiceEmail(input: z.output<typeof emailInputSchema>): InvoiceEmail | null {
  return input ?? null;
}

export function toVariantBulkInputs(inputs: z.output<typeof variantsBulkSchema>): VariantBulkInput[] {
  return inputs.map((input) => ({
    id: input.id == null ? null : variantIdOf(input.id),
    price: input.price,
    compareAtPrice: input.compareAtPrice,
    published: input.published,
    metafields: input.metafields,
  }));
}
