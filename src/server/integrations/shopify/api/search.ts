import type { PageInfo } from '../operations';
import { shopifyFailure, type ShopifyResult } from '../shopify-result';

/* Reading Shopify's connections: a search value, and the next page (docs/shopify.md#operations). */

/** Shopify search syntax: quote the value so spaces, colons and dashes are literal. */
export function searchValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The cursor of the next page, null at the end; a page that claims more but gives no new cursor is a bug. */
export function nextCursor(
  info: PageInfo,
  previous: string | null,
  what: string,
): ShopifyResult<string | null> {
  if (!info.hasNextPage) return { ok: true, data: null };
  if (!info.endCursor || info.endCursor === previous) {
    return shopifyFailure('invalid-response', `${what}: hasNextPage without a new endCursor`);
  }
  return { ok: true, data: info.endCursor };
}
