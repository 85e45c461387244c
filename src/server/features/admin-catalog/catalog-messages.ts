import type { CatalogPlan, Skipped } from './shopify-product-plan';
import { pluralize } from '../../../shared/pluralize';

/*
 * The sentences the admin Products section shows after a Shopify action, where both report a count
 * (docs/admin.md#products-and-allowed-skus). The count comes first, in the words the section has always used;
 * what needs the administrator's attention follows.
 */

function listSkus(skipped: Skipped[]): string {
  const skus = [...new Set(skipped.map((entry) => entry.sku ?? '(no SKU)'))];
  const shown = skus.slice(0, 5).join(', ');
  return skus.length > 5 ? `${shown} and ${skus.length - 5} more` : shown;
}

/** Conflicts the administrator should resolve in Shopify or in the portal. */
function conflictSentences(skipped: Skipped[]): string[] {
  const sentences: string[] = [];
  const duplicates = skipped.filter((entry) => entry.reason === 'duplicate-sku');
  if (duplicates.length > 0) {
    sentences.push(
      `More than one Shopify variant has the SKU ${listSkus(duplicates)}; only the first is linked.`,
    );
  }
  const linked = skipped.filter((entry) => entry.reason === 'linked-elsewhere');
  if (linked.length > 0) {
    sentences.push(`${listSkus(linked)} stays linked to another Shopify variant.`);
  }
  const badPrice = skipped.filter((entry) => entry.reason === 'bad-price');
  if (badPrice.length > 0) sentences.push(`Shopify's price for ${listSkus(badPrice)} could not be read.`);
  return sentences;
}

function changedCount(plan: CatalogPlan): number {
  return plan.matched.filter(({ values }) => Object.keys(values).length > 0).length;
}

export function refreshMessage(
  plan: CatalogPlan,
  createdCount: number,
  staleSkus: string[],
): { count: number; message: string } {
  const count = plan.matched.length + createdCount;
  const details = [`${createdCount} new`, `${changedCount(plan)} updated`].join(', ');
  const sentences = [`Refreshed ${pluralize(count, 'product')} from Shopify (${details}).`];
  const leftOut = plan.skipped.filter((entry) => entry.reason === 'not-allowed' || entry.reason === 'no-sku');
  if (leftOut.length > 0) {
    sentences.push(
      `${pluralize(leftOut.length, 'Shopify variant')} without an allowed SKU ${leftOut.length === 1 ? 'was' : 'were'} left out.`,
    );
  }
  sentences.push(...conflictSentences(plan.skipped));
  if (staleSkus.length > 0) {
    sentences.push(
      `${staleSkus.join(', ')} ${staleSkus.length === 1 ? 'is' : 'are'} linked to a Shopify variant that no longer exists.`,
    );
  }
  return { count, message: sentences.join(' ') };
}

export function syncMessage(result: { pushed: number; refused: string[]; missing: string[] }): {
  count: number;
  message: string;
} {
  const sentences = [
    result.pushed === 0 && result.refused.length === 0
      ? 'Synced 0 products with Shopify: every price and visibility already matches.'
      : `Synced ${pluralize(result.pushed, 'product')} with Shopify.`,
  ];
  if (result.refused.length > 0) sentences.push(`Shopify refused ${result.refused.join('; ')}.`);
  if (result.missing.length > 0) {
    sentences.push(
      `${result.missing.join(', ')} ${result.missing.length === 1 ? 'is' : 'are'} linked to a Shopify variant that no longer exists; run Refresh from Shopify.`,
    );
  }
  return { count: result.pushed, message: sentences.join(' ') };
}

export function importMessage(
  title: string,
  plan: CatalogPlan,
  createdCount: number,
  notAllowed: string[],
): string {
  const total = plan.matched.length + createdCount;
  const sentences = [`Imported "${title}": ${pluralize(total, 'variant')} (${createdCount} new).`];
  const noSku = plan.skipped.filter((entry) => entry.reason === 'no-sku');
  if (noSku.length > 0) {
    sentences.push(
      `${pluralize(noSku.length, 'variant')} without a SKU ${noSku.length === 1 ? 'was' : 'were'} left out.`,
    );
  }
  const bundle = plan.skipped.filter((entry) => entry.reason === 'bundle');
  if (bundle.length > 0) sentences.push(`${listSkus(bundle)} is the portal's bundle and was left as it is.`);
  sentences.push(...conflictSentences(plan.skipped));
  if (notAllowed.length > 0) {
    sentences.push(
      `Add ${notAllowed.join(', ')} to the allowed SKUs to show ${notAllowed.length === 1 ? 'it' : 'them'} to customers.`,
    );
  }
  return sentences.join(' ');
}
