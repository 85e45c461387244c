import { toGid } from './gid';
import type { FakePaymentTermsTemplate } from './state';

/**
 * GraphQL source objects for graphql-js `execute()`: plain objects whose properties are named like the schema's
 * fields. Fields with arguments (connections) are functions `(args) => value`, which the default resolver
 * calls; relations are functions too, so nothing is built unless the query selects it. `__typename` lets the
 * default type resolver pick the type behind an interface (Media, Node). A field the fake does not model is
 * simply absent and resolves to null (a GraphQL error when the schema says non-null).
 */
export type View = Record<string, unknown>;

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** `US` → `United States`, as MailingAddress.country and CompanyAddress.country print it. */
export const countryName = (code: string) => countryNames.of(code) ?? code;

/** Shared by the draft and order views and by a company location's buyer experience. */
export function paymentTermsTemplateView(template: FakePaymentTermsTemplate): View {
  return {
    __typename: 'PaymentTermsTemplate',
    id: toGid('PaymentTermsTemplate', template.id),
    name: template.name,
    translatedName: template.name,
    description: template.description,
    paymentTermsType: template.paymentTermsType,
    dueInDays: template.dueInDays,
  };
}
