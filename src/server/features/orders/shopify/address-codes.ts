/**
 * Country and province as Shopify's MailingAddressInput wants them (docs/shopify.md#draft-order-contents:
 * `countryCode` is the CountryCode enum, `provinceCode` a code such as 'ON'). The portal stores what the
 * customer typed (docs/accounts-and-roles.md#addresses: 'USA' on profiles, 'US' on the order form), so the
 * usual spellings are mapped here. A value we do not recognise gives undefined: the field is left out rather
 * than sent wrong, because an invalid enum value fails the whole draft order.
 */

const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  us: 'US',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  america: 'US',
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
  mx: 'MX',
  mex: 'MX',
  mexico: 'MX',
  méxico: 'MX',
  pr: 'PR',
  'puerto rico': 'PR',
  gb: 'GB',
  uk: 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  ie: 'IE',
  ireland: 'IE',
  au: 'AU',
  australia: 'AU',
  nz: 'NZ',
  'new zealand': 'NZ',
  de: 'DE',
  germany: 'DE',
  fr: 'FR',
  france: 'FR',
  es: 'ES',
  spain: 'ES',
  it: 'IT',
  italy: 'IT',
  nl: 'NL',
  netherlands: 'NL',
  'the netherlands': 'NL',
  be: 'BE',
  belgium: 'BE',
  ch: 'CH',
  switzerland: 'CH',
  at: 'AT',
  austria: 'AT',
  se: 'SE',
  sweden: 'SE',
  no: 'NO',
  norway: 'NO',
  dk: 'DK',
  denmark: 'DK',
  fi: 'FI',
  finland: 'FI',
  jp: 'JP',
  japan: 'JP',
};

const US_STATES: Readonly<Record<string, string>> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  // Military "states" Shopify accepts for US addresses.
  'armed forces americas': 'AA',
  'armed forces europe': 'AE',
  'armed forces pacific': 'AP',
};

const CANADIAN_PROVINCES: Readonly<Record<string, string>> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'northwest territories': 'NT',
  'nova scotia': 'NS',
  nunavut: 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  quebec: 'QC',
  québec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
};

const PROVINCES_BY_COUNTRY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CANADIAN_PROVINCES,
};

/** 'U.S.A.' → 'usa', '  United   States ' → 'united states'. */
function normalise(value: string): string {
  return value.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
}

/** The ISO 3166-1 alpha-2 code of what the customer typed ('USA', 'United States', 'us' → 'US'), or undefined. */
export function toCountryCode(country: string | null | undefined): string | undefined {
  if (!country) return undefined;
  return COUNTRY_ALIASES[normalise(country)];
}

/**
 * The province code for Shopify: a US state or Canadian province by code or name ('California', 'ca' →
 * 'CA'); for other countries a short code as typed ('NSW'); otherwise undefined.
 */
export function toProvinceCode(
  state: string | null | undefined,
  countryCode: string | undefined,
): string | undefined {
  if (!state?.trim()) return undefined;
  const key = normalise(state);
  const known = countryCode ? PROVINCES_BY_COUNTRY[countryCode] : undefined;
  if (known) {
    const code = key.toUpperCase();
    if (Object.values(known).includes(code)) return code;
    return known[key];
  }
  return /^[a-z]{2,3}$/.test(key) ? key.toUpperCase() : undefined;
}
