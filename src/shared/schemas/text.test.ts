import { describe, expect, it } from 'vitest';
import { TEXT_RULE_MESSAGES } from '../text-rules';
import { createAllowedSkuRequestSchema, updateVariantVisibilityRequestSchema } from './admin-catalog';
import { adminOrderFilterSchema } from './admin-orders';
import { pricingTierRequestSchema } from './admin-pricing';
import { adminLoginRequestSchema } from './admin-session';
import { ADMIN_USERS_MESSAGES, createUserRequestSchema } from './admin-users';
import { registerRequestSchema, updateProfileRequestSchema } from './auth';
import { faqCategoryInputSchema, faqItemInputSchema } from './faq';
import { createDraftOrderRequestSchema, PO_NUMBER_MESSAGES } from './orders';
import { POLICY_MESSAGES, policyInputSchema } from './policies';
import { checkInventoryRequestSchema } from './pricing';
import { isOrderIssueSubject, supportContactRequestSchema } from './support';

/*
 * The one text rule (shared/text-rules.ts, docs/security.md#input-validation) in every schema that takes text:
 * one-line fields refuse a right-to-left override, a tab and a line break; multi-line fields keep line
 * breaks and tab and refuse the override. Each refusal names the field.
 */

const RLO = '\u202e';

/** A zod or zod/mini schema. */
interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
}

/** [path, message] of each issue, or [] when the schema takes `value`. */
function issuesOf(schema: Schema, value: unknown): Array<[string, string]> {
  const parsed = schema.safeParse(value);
  return (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

const order = (customer: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  customer: {
    customerName: 'Ada Buyer',
    customerEmail: 'ada@example.com',
    businessName: 'Mist Shop',
    ...customer,
  },
  orderItems: [{ productId: 1, quantity: 12 }],
  ...extra,
});

const newUser = (extra: Record<string, unknown>) => ({
  username: 'ada',
  password: 'Secret-Pass-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Buyer',
  businessName: 'Mist Shop',
  role: 'customer',
  ...extra,
});

/** [name, schema, valid input, field, make the input with `text` in that field]. */
const ONE_LINE_FIELDS: Array<[string, Schema, string, (text: string) => unknown]> = [
  ['register: businessName', registerRequestSchema, 'businessName', (text) => ({ businessName: text })],
  ['register: firstName', registerRequestSchema, 'firstName', (text) => ({ firstName: text })],
  ['register: phone', registerRequestSchema, 'phone', (text) => ({ phone: text })],
  [
    'register: shippingAddressLine1',
    registerRequestSchema,
    'shippingAddressLine1',
    (text) => ({ shippingAddressLine1: text }),
  ],
  ['profile: businessName', updateProfileRequestSchema, 'businessName', (text) => ({ businessName: text })],
  ['profile: billingCity', updateProfileRequestSchema, 'billingCity', (text) => ({ billingCity: text })],
  ['profile: shippingZip', updateProfileRequestSchema, 'shippingZip', (text) => ({ shippingZip: text })],
  [
    'order: customerName',
    createDraftOrderRequestSchema,
    'customer.customerName',
    (text) => order({ customerName: text }),
  ],
  [
    'order: businessName',
    createDraftOrderRequestSchema,
    'customer.businessName',
    (text) => order({ businessName: text }),
  ],
  [
    'order: customerPhone',
    createDraftOrderRequestSchema,
    'customer.customerPhone',
    (text) => order({ customerPhone: text }),
  ],
  [
    'order: shippingAddressLine2',
    createDraftOrderRequestSchema,
    'customer.shippingAddressLine2',
    (text) => order({ shippingAddressLine2: text }),
  ],
  ['order: city', createDraftOrderRequestSchema, 'customer.city', (text) => order({ city: text })],
  ['order: country', createDraftOrderRequestSchema, 'customer.country', (text) => order({ country: text })],
  ['admin user: username', createUserRequestSchema, 'username', (text) => newUser({ username: text })],
  [
    'admin user: businessName',
    createUserRequestSchema,
    'businessName',
    (text) => newUser({ businessName: text }),
  ],
  ['allowed SKU: sku', createAllowedSkuRequestSchema, 'sku', (text) => ({ sku: text })],
  ['allowed SKU: notes', createAllowedSkuRequestSchema, 'notes', (text) => ({ sku: 'A-1', notes: text })],
  [
    'variant visibility: sku',
    updateVariantVisibilityRequestSchema,
    'sku',
    (text) => ({ sku: text, isActive: true }),
  ],
  [
    'pricing tier: name',
    pricingTierRequestSchema,
    'name',
    (text) => ({ name: text, minimumCases: 1, discountPercentage: 5 }),
  ],
  [
    'pricing tier: description',
    pricingTierRequestSchema,
    'description',
    (text) => ({ name: 'Gold', description: text, minimumCases: 1, discountPercentage: 5 }),
  ],
  ['FAQ category: title', faqCategoryInputSchema, 'title', (text) => ({ title: text })],
  [
    'FAQ item: question',
    faqItemInputSchema,
    'question',
    (text) => ({ categoryId: 1, question: text, answer: 'Yes.' }),
  ],
  ['policy: title', policyInputSchema, 'title', (text) => ({ title: text, body: 'Text' })],
  [
    'admin login: username',
    adminLoginRequestSchema,
    'username',
    (text) => ({ username: text, password: 'x' }),
  ],
  ['admin orders: search', adminOrderFilterSchema, 'search', (text) => ({ search: text })],
  ['inventory check: skus', checkInventoryRequestSchema, 'skus.0', (text) => ({ skus: [text] })],
];

describe('one-line fields', () => {
  it.each(ONE_LINE_FIELDS)('%s takes printable text of any script', (_name, schema, _field, make) => {
    expect(issuesOf(schema, make('Müller 注文 😀'))).toEqual([]);
  });

  it.each(ONE_LINE_FIELDS)(
    '%s refuses a bidi override, a tab and a line break, naming the field',
    (_name, schema, field, make) => {
      for (const text of [`Mist${RLO}Shop`, 'Mist\u2066Shop', 'Mist\tShop', 'Mist\nShop', 'Mist\u200bShop']) {
        const issues = issuesOf(schema, make(text));
        expect(issues.length, JSON.stringify(text)).toBeGreaterThan(0);
        expect(issues.every(([path]) => path === field)).toBe(true);
      }
    },
  );

  it('says what is wrong: a line break, or a control or invisible character', () => {
    expect(issuesOf(registerRequestSchema, { businessName: `Mist${RLO}` })).toEqual([
      ['businessName', TEXT_RULE_MESSAGES.unprintable],
    ]);
    expect(issuesOf(registerRequestSchema, { businessName: 'Mist\nShop' })).toEqual([
      ['businessName', TEXT_RULE_MESSAGES.lineBreak],
    ]);
    // Fields with their own sentences keep them for a line break.
    expect(issuesOf(createUserRequestSchema, newUser({ firstName: 'A\nB' }))).toEqual([
      ['firstName', ADMIN_USERS_MESSAGES.mustBeOneLine],
    ]);
    expect(issuesOf(policyInputSchema, { title: 'A\nB', body: '' })).toEqual([
      ['title', POLICY_MESSAGES.titleOneLine],
    ]);
    // The PO number keeps the one message the order form shows (docs/storefront.md).
    expect(issuesOf(createDraftOrderRequestSchema, order({}, { poNumber: `PO${RLO}1` }))).toEqual([
      ['poNumber', PO_NUMBER_MESSAGES.unprintable],
    ]);
  });

  it('takes no bidi override in an order-issue subject', () => {
    expect(isOrderIssueSubject('Order Issue - Order #12 (Shopify #1001)')).toBe(true);
    expect(isOrderIssueSubject(`Order Issue - Order #12 (Shopify #10${RLO}01)`)).toBe(false);
  });
});

/** [name, schema, field, make the input with `text` in that field]. */
const MULTI_LINE_FIELDS: Array<[string, Schema, string, (text: string) => unknown]> = [
  ['order: notes', createDraftOrderRequestSchema, 'notes', (text) => order({}, { notes: text })],
  [
    'order: shippingAddress',
    createDraftOrderRequestSchema,
    'customer.shippingAddress',
    (text) => order({ shippingAddress: text }),
  ],
  [
    'support: message',
    supportContactRequestSchema,
    'message',
    (text) => ({ subject: 'other', priority: 'low', message: text }),
  ],
  [
    'FAQ item: answer',
    faqItemInputSchema,
    'answer',
    (text) => ({ categoryId: 1, question: 'Why?', answer: text }),
  ],
  ['policy: body', policyInputSchema, 'body', (text) => ({ title: 'Terms', body: text })],
];

describe('multi-line fields', () => {
  it.each(MULTI_LINE_FIELDS)('%s keeps line breaks, tab and emoji', (_name, schema, _field, make) => {
    expect(issuesOf(schema, make('Leave it at the back.\r\n\tThanks 👨‍👩‍👧'))).toEqual([]);
  });

  it.each(MULTI_LINE_FIELDS)('%s refuses a bidi override, naming the field', (_name, schema, field, make) => {
    for (const text of [
      `Leave it at the back ${RLO}kcab`,
      'Leave it at the back\u2067 please',
      'Leave\u200b it there',
    ]) {
      expect(issuesOf(schema, make(text))).toEqual([[field, TEXT_RULE_MESSAGES.unprintable]]);
    }
  });
});
