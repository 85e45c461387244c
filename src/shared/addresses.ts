export interface AddressParts {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country?: string | null;
}

/** The combined address string of registration (spec 000 §5): the lines, then "city, state, zip", then country. */
export function buildAddressString(parts: AddressParts): string {
  return [parts.line1, parts.line2, `${parts.city}, ${parts.state}, ${parts.zip}`, parts.country]
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line))
    .join('\n');
}
