import { z } from 'zod';
import { idOf } from './gid';
import { dateTime, text } from './inputs';

/**
 * The company mutations' input objects after graphql-js has coerced them (docs/plans/shopify-b2b.md §1.2):
 * undefined = not given, null = cleared. GIDs inside them become numbers here; a GID of another type names
 * nothing (0 never exists), a string that is no GID is the "Invalid global id" error.
 */

const flag = z.boolean().nullish();

/** A GID that must name an object of `type`: its id, or 0. */
const gidOf = (type: string) => z.string().transform((value) => idOf(value, type) ?? 0);

export const companyAddressSchema = z.object({
  address1: text,
  address2: text,
  city: text,
  countryCode: text,
  zoneCode: text,
  zip: text,
  firstName: text,
  lastName: text,
  phone: text,
  recipient: text,
});
export type CompanyAddressInput = z.output<typeof companyAddressSchema>;

const buyerExperienceSchema = z
  .object({
    checkoutToDraft: flag,
    editableShippingAddress: flag,
    deposit: z.object({ percentage: z.number() }).nullish(),
    paymentTermsTemplateId: gidOf('PaymentTermsTemplate').nullish(),
  })
  .transform(({ deposit, ...rest }) => ({
    ...rest,
    depositPercentage: deposit === undefined ? undefined : (deposit?.percentage ?? null),
  }));
export type BuyerExperienceInput = z.output<typeof buyerExperienceSchema>;

export const companySchema = z.object({
  name: text,
  externalId: text,
  note: text,
  customerSince: dateTime.nullish(),
});
export type CompanyInput = z.output<typeof companySchema>;

/** CompanyLocationUpdateInput: no addresses, no tax fields (those have mutations of their own). */
export const locationUpdateSchema = z.object({
  name: text,
  externalId: text,
  phone: text,
  note: text,
  locale: text,
  buyerExperienceConfiguration: buyerExperienceSchema.nullish(),
});
export type LocationUpdateInput = z.output<typeof locationUpdateSchema>;

export const locationSchema = locationUpdateSchema.extend({
  shippingAddress: companyAddressSchema.nullish(),
  billingAddress: companyAddressSchema.nullish(),
  billingSameAsShipping: flag,
  taxExempt: flag,
  taxExemptions: z.array(z.string()).nullish(),
  taxRegistrationId: text,
});
export type LocationInput = z.output<typeof locationSchema>;

/** CompanyContactInput: the contact's customer fields plus its title and locale (no externalId). */
export const contactSchema = z.object({
  email: text,
  firstName: text,
  lastName: text,
  phone: text,
  title: text,
  locale: text,
});
export type ContactInput = z.output<typeof contactSchema>;

export const companyCreateSchema = z.object({
  company: companySchema,
  companyContact: contactSchema.nullish(),
  companyLocation: locationSchema.nullish(),
});
export type CompanyCreateInput = z.output<typeof companyCreateSchema>;

export const rolesToAssignSchema = z.array(
  z.object({
    companyContactRoleId: gidOf('CompanyContactRole'),
    companyLocationId: gidOf('CompanyLocation'),
  }),
);
export type RoleToAssign = z.output<typeof rolesToAssignSchema>[number];
