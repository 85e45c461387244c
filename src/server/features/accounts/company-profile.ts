import type { z } from 'zod';
import { buildEditedAddressString } from '../../../shared/addresses';
import type { updateProfileRequestSchema } from '../../../shared/schemas/auth';
import type { DatabaseOrTransaction } from '../../db/client';
import type { AccountRow, CompanyLocationRow, CompanyRow } from '../../db/schema';
import { AppError } from '../../errors';
import { renameCompany, updateDefaultLocation, type LocationDetails } from './company-writes';
import { currentCompanyRole, lockCompany } from './member-writes';
import type { ProfileUpdate } from './user-writes';

/**
 * My Account's Account Information edits the person, and for an owner the company's name and default
 * location (docs/companies.md#my-account). Anyone may send the company's values back unchanged (the form
 * sends every field); a change from anyone else is refused.
 */

type ProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const BUSINESS_NAME_REQUIRED = 'Business name is required';
export const OWNERS_ONLY_MESSAGE = 'Only an owner of the company can change its business name and addresses';

const PERSON_FIELDS = ['firstName', 'lastName', 'phone'] as const;
const LOCATION_FIELDS = [
  'shippingAddressLine1',
  'shippingAddressLine2',
  'shippingCity',
  'shippingState',
  'shippingZip',
  'shippingCountry',
  'billingAddressLine1',
  'billingAddressLine2',
  'billingCity',
  'billingState',
  'billingZip',
  'billingCountry',
] as const;
type LocationField = (typeof LOCATION_FIELDS)[number];

/** A blank value clears the field. */
const cleared = (value: string) => value.trim() || null;

/** The request in its three parts: the person's fields, the business name, the location's fields. */
export function splitProfileEdit(body: ProfileRequest) {
  const person: ProfileUpdate = {};
  for (const field of PERSON_FIELDS) {
    const value = body[field];
    if (value !== undefined) person[field] = cleared(value);
  }
  const location: Partial<Record<LocationField, string | null>> = {};
  for (const field of LOCATION_FIELDS) {
    const value = body[field];
    if (value !== undefined) location[field] = cleared(value);
  }
  return { person, businessName: body.businessName?.trim(), location };
}

/**
 * Refuses the edit unless the person is an owner now: the role is read again under the company's lock, so an
 * owner demoted while their request was on its way (their session still said owner) changes nothing.
 */
async function refuseUnlessOwner(tx: DatabaseOrTransaction, user: AccountRow) {
  if (user.companyRole !== 'owner' || user.companyId === null) throw forbidden();
  await lockCompany(tx, user.companyId);
  if ((await currentCompanyRole(tx, user.id, user.companyId)) !== 'owner') throw forbidden();
}

const forbidden = () => new AppError('FORBIDDEN', OWNERS_ONLY_MESSAGE);

/** The company's name after the edit: renamed by an owner, never emptied. */
export async function renameOwnCompany(
  tx: DatabaseOrTransaction,
  user: AccountRow,
  name: string | undefined,
): Promise<CompanyRow | null> {
  const company = user.company;
  if (name === undefined || !company || name === company.name) return company;
  if (name === '') {
    throw new AppError('VALIDATION_FAILED', BUSINESS_NAME_REQUIRED, [
      { field: 'businessName', message: BUSINESS_NAME_REQUIRED },
    ]);
  }
  await refuseUnlessOwner(tx, user);
  return (await renameCompany(tx, company.id, name)) ?? company;
}

/**
 * The default location after the edit: an owner's changes written with the combined address strings
 * (docs/accounts-and-roles.md#addresses), anyone's unchanged values accepted as they are.
 */
export async function editOwnLocation(
  tx: DatabaseOrTransaction,
  user: AccountRow,
  edit: Partial<Record<LocationField, string | null>>,
): Promise<CompanyLocationRow | null> {
  const current = user.location;
  if (!current || !user.companyId) return current;
  const changed = LOCATION_FIELDS.some((field) => field in edit && edit[field] !== current[field]);
  if (!changed) return current;
  await refuseUnlessOwner(tx, user);
  const merged = { ...current, ...edit };
  const values: LocationDetails = {
    ...edit,
    shippingAddress: buildEditedAddressString({
      line1: merged.shippingAddressLine1,
      city: merged.shippingCity,
      state: merged.shippingState,
      zip: merged.shippingZip,
    }),
    billingAddress: buildEditedAddressString({
      line1: merged.billingAddressLine1,
      city: merged.billingCity,
      state: merged.billingState,
      zip: merged.billingZip,
    }),
  };
  return (await updateDefaultLocation(tx, user.companyId, values)) ?? current;
}
