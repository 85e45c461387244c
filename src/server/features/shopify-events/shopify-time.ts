/**
 * A time Shopify wrote (ISO 8601, with or without milliseconds or an offset), or null when it is absent or
 * unreadable. The one parser of this feature: webhook headers, webhook payloads and Admin API answers.
 */
export function parseShopifyTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}
