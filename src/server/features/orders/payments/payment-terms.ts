import {
  PAYMENT_TERMS,
  PAYMENT_TERMS_DAYS,
  PAYMENT_TERMS_LABELS,
  type PaymentTerms,
} from '../../../../shared/payment-terms';
import type { PaymentTermsOptionsResponse } from '../../../../shared/schemas/admin-users';
import type { ShopifyResult } from '../../../integrations/shopify/client';
import type { PaymentTermsTemplate, ShopifyApi } from '../../../integrations/shopify/shopify-api';

/*
 * Payment terms against the store (docs/orders.md#payment-terms): Net 15 / 30 / 60 are Shopify's NET
 * templates of that many days. Without a store (test mode) every option is the portal's own.
 */

/** The store's NET template for `terms`, or null ('Pay on approval', or the store has none of that length). */
export function netTemplateFor(
  templates: readonly PaymentTermsTemplate[],
  terms: PaymentTerms,
): PaymentTermsTemplate | null {
  const days = PAYMENT_TERMS_DAYS[terms];
  if (days === null) return null;
  return templates.find((template) => template.dueInDays === days) ?? null;
}

/** What staff may choose for a customer: 'Pay on approval' always; a net option when the store has its template. */
export async function paymentTermsOptions(
  api: Pick<ShopifyApi, 'listNetPaymentTermsTemplates'> | null,
): Promise<ShopifyResult<PaymentTermsOptionsResponse>> {
  let templates: PaymentTermsTemplate[] | null = null;
  if (api) {
    const listed = await api.listNetPaymentTermsTemplates();
    if (!listed.ok) return listed;
    templates = listed.data;
  }
  const options = PAYMENT_TERMS.map((value) => ({
    value,
    label: PAYMENT_TERMS_LABELS[value],
    available: templates === null || value === 'on_approval' || netTemplateFor(templates, value) !== null,
  }));
  return { ok: true, data: { options } };
}
