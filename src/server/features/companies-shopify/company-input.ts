import type { CompanyLocationRow } from '../../db/schema';
import { toCountryCode, toProvinceCode } from '../orders';

/*
 * What a portal company, location and person become in Shopify (docs/shopify.md#b2b-companies). Pure
 * functions: the sync decides when to send, these decide what.
 */

/** The external ids a company and a location are found again by (their creation's idempotency key). */
export const companyExternalId = (companyId: number) => `portal-company-${companyId}`;
export const locationExternalId = (locationId: number) => `portal-location-${locationId}`;

export interface CompanyAddress {
  address1?: string;
  address2?: string;
  city?: string;
  zip?: string;
  countryCode?: string;
  /** Shopify's CompanyAddressInput calls the state or province `zoneCode` (not `provinceCode`). */
  zoneCode?: string;
  recipient?: string;
}

type AddressSide = 'shipping' | 'billing';

/** A location's shipping or billing address, or null when that side has no address lines at all. */
export function locationAddress(
  location: CompanyLocationRow,
  side: AddressSide,
  recipient: string,
): CompanyAddress | null {
  const field = (name: 'AddressLine1' | 'AddressLine2' | 'City' | 'State' | 'Zip' | 'Country') =>
    location[`${side}${name}`]?.trim() || undefined;
  const address1 = field('AddressLine1');
  const city = field('City');
  const zip = field('Zip');
  if (!address1 && !city && !zip) return null;
  const countryCode = toCountryCode(field('Country'));
  const address: CompanyAddress = {
    address1,
    address2: field('AddressLine2'),
    city,
    zip,
    countryCode,
    zoneCode: toProvinceCode(field('State'), countryCode),
    recipient,
  };
  for (const key of Object.keys(address) as (keyof CompanyAddress)[]) {
    if (address[key] === undefined) delete address[key];
  }
  return address;
}

/**
 * A phone number as Shopify takes it (E.164), or undefined: a US or Canadian number of 10 digits (or 11 with
 * the leading 1) gains +1, one already written with + is kept; anything else is not sent rather than refused.
 */
export function toE164(phone: string | null | undefined): string | undefined {
  if (!phone?.trim()) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : undefined;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}

/** Shopify's resale exemptions exist for the 50 states and DC. */
const US_STATES_WITH_EXEMPTION = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

/**
 * The Shopify `TaxExemption` of a location's resale certificate while it is valid on `today` (docs/companies.md#tax-exemption),
 * e.g. US_TX_RESELLER_EXEMPTION; null when it has none, it expired, or its state has no such exemption.
 * Never a blanket `taxExempt`: the certificate covers resale in its state, not every tax.
 */
export function taxExemptionOf(location: CompanyLocationRow, today: string): string | null {
  const state = location.taxExemptState?.toUpperCase();
  if (!state || !location.taxExemptExpiresOn || location.taxExemptExpiresOn < today) return null;
  return US_STATES_WITH_EXEMPTION.has(state) ? `US_${state}_RESELLER_EXEMPTION` : null;
}

/** The location's note in Shopify: the certificate, which has no field of its own there. */
export function locationNote(location: CompanyLocationRow, today: string): string {
  const portal = `Wholesale portal location ${location.id}`;
  if (!taxExemptionOf(location, today)) return portal;
  return `${portal}. Resale certificate ${location.taxExemptCertificate} (${location.taxExemptState}), valid through ${location.taxExemptExpiresOn}`;
}
