/* Shopify ids at the API's boundary (docs/shopify.md#shopify-ids). */

type GidType =
  | 'Product'
  | 'ProductVariant'
  | 'DraftOrder'
  | 'Order'
  | 'PaymentSchedule'
  | 'PaymentTermsTemplate'
  | 'Customer'
  | 'Company'
  | 'CompanyLocation'
  | 'CompanyContact'
  | 'CompanyContactRole'
  | 'CompanyContactRoleAssignment';

/**
 * `gid://shopify/{type}/{id}` for a numeric id or a GID of that type; null for anything else (another type,
 * a name like '#D12', an empty string). Numeric ids stay strings: they can exceed 2^53.
 */
export function toGid(type: GidType, id: string | number): string | null {
  const value = String(id).trim();
  if (/^\d+$/.test(value)) return `gid://shopify/${type}/${value}`;
  return new RegExp(`^gid://shopify/${type}/\\d+$`).test(value) ? value : null;
}
