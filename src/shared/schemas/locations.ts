import { z } from 'zod';
import { MAX_ID } from '../limits';
import { oneLineText } from './text';

/** A company's locations as its people manage and choose them (docs/companies.md#locations). */

const required = (label: string, max: number) =>
  oneLineText(max).pipe(z.string().min(1, `${label} is required`));
const optional = (max: number) =>
  oneLineText(max)
    .nullish()
    .transform((value) => value || null);

/** Add or edit a location: a name, a phone, a shipping address, and a billing address unless it is the same. */
export const locationRequestSchema = z
  .object({
    name: required('Location name', 100),
    phone: optional(50),
    shippingAddressLine1: required('Street address', 200),
    shippingAddressLine2: optional(200),
    shippingCity: required('City', 100),
    shippingState: required('State', 100),
    shippingZip: required('ZIP code', 20),
    shippingCountry: optional(100),
    billingSameAsShipping: z.boolean().default(true),
    billingAddressLine1: optional(200),
    billingAddressLine2: optional(200),
    billingCity: optional(100),
    billingState: optional(100),
    billingZip: optional(20),
    billingCountry: optional(100),
  })
  .superRefine((body, context) => {
    if (body.billingSameAsShipping) return;
    const missing = [
      ['billingAddressLine1', 'Billing street address'],
      ['billingCity', 'Billing city'],
      ['billingState', 'Billing state'],
      ['billingZip', 'Billing ZIP code'],
    ] as const;
    for (const [field, label] of missing) {
      if (!body[field]) context.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
    }
  });
export type LocationRequest = z.infer<typeof locationRequestSchema>;
export type LocationFormValues = z.input<typeof locationRequestSchema>;

export const locationSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
  shippingAddress: z.string().nullable(),
  shippingAddressLine1: z.string().nullable(),
  shippingAddressLine2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingZip: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  /** Null: billed at the shipping address. */
  billingAddress: z.string().nullable(),
  billingAddressLine1: z.string().nullable(),
  billingAddressLine2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingZip: z.string().nullable(),
  billingCountry: z.string().nullable(),
  /** Its tax exemption while valid, set by staff (docs/companies.md#tax-exemption). */
  taxExemption: z
    .object({ certificateNumber: z.string(), state: z.string(), expiresOn: z.string() })
    .nullable()
    .default(null),
});
export type Location = z.infer<typeof locationSchema>;

/** GET /api/company/locations: the locations the person orders for (a buyer: theirs); owners manage them. */
export const locationsResponseSchema = z.object({
  mayManage: z.boolean(),
  locations: z.array(locationSchema),
});
export type LocationsResponse = z.infer<typeof locationsResponseSchema>;

const locationIdsSchema = z
  .array(z.number().int().positive().max(MAX_ID))
  .max(200)
  .transform((ids) => [...new Set(ids)]);

/** PUT /api/company/members/:id/locations: a buyer's locations, at least one. */
export const memberLocationsRequestSchema = z.object({
  locationIds: locationIdsSchema.pipe(z.array(z.number()).min(1, 'Choose at least one location')),
});

export const LOCATION_NOT_IN_COMPANY_MESSAGE = 'Choose locations of your own company.';
export const DEFAULT_LOCATION_KEPT_MESSAGE =
  'The default location cannot be removed. Make another location the default first.';
export const ONLY_BUYERS_HAVE_LOCATIONS_MESSAGE =
  'Only buyers have locations of their own: owners and viewers have every location of the company.';
export { locationIdsSchema };
