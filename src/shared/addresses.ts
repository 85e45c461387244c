export interface AddressParts {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country?: string | null;
}

/**
 * The combined address string of registration (docs/accounts-and-roles.md#addresses): the lines, then "city,
 * state, zip", then country.
 */
export function buildAddressString(parts: AddressParts): string {
  return [parts.line1, parts.line2, `${parts.city}, ${parts.state}, ${parts.zip}`, parts.country]
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line))
    .join('\n');
}

export interface ShippingFields {
  shippingAddress: string | null;
  shippingAddressLine1: string | null;
  shippingAddressLine2: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingZip: string | null;
  shippingCountry: string | null;
}

/**
 * The city line of an address as every output shows it (docs/orders.md#addresses): 'Portland, OR 97201',
 * empty parts left out.
 */
export function formatCityLine(parts: {
  city: string | null | undefined;
  state: string | null | undefined;
  zip: string | null | undefined;
}): string {
  const clean = (value: string | null | undefined) => value?.trim() || '';
  const cityState = [clean(parts.city), clean(parts.state)].filter(Boolean).join(', ');
  return [cityState, clean(parts.zip)].filter(Boolean).join(' ');
}

/**
 * A shipping address to show, one line each, the one format of the web, the e-mails, the PDF and the CSV
 * (docs/orders.md#addresses): the split fields ('Portland, OR 97201' on one line, formatCityLine) when there
 * is a first line, else the lines of the combined string.
 */
export function shippingAddressLines(address: ShippingFields): string[] {
  if (address.shippingAddressLine1?.trim()) {
    const cityLine = formatCityLine({
      city: address.shippingCity,
      state: address.shippingState,
      zip: address.shippingZip,
    });
    return [address.shippingAddressLine1, address.shippingAddressLine2, cityLine, address.shippingCountry]
      .map((line) => line?.trim())
      .filter((line): line is string => Boolean(line));
  }
  return (address.shippingAddress ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The shipping address on one line, for an e-mail or a CSV cell: '1 Main St, Portland, OR 97201, US'. */
export function shippingAddressText(address: ShippingFields): string {
  return shippingAddressLines(address).join(', ');
}

export interface EditableAddressParts {
  line1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/**
 * The combined address string rebuilt when an address is edited on /account
 * (docs/accounts-and-roles.md#addresses): "line1, city, state zip", skipping empty parts; null when every
 * part is empty.
 */
export function buildEditedAddressString(parts: EditableAddressParts): string | null {
  const clean = (value: string | null | undefined) => value?.trim() || '';
  const stateZip = [clean(parts.state), clean(parts.zip)].filter(Boolean).join(' ');
  const combined = [clean(parts.line1), clean(parts.city), stateZip].filter(Boolean).join(', ');
  return combined || null;
}
