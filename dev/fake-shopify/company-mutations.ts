import { z } from 'zod';
import {
  assignLocationAddress,
  createCompany,
  createLocation,
  updateCompany,
  updateLocation,
  updateTaxSettings,
} from './companies';
import {
  assignCustomerAsContact,
  assignRoles,
  createContact,
  removeContactFromCompany,
  revokeRoles,
  updateContact,
} from './company-contacts';
import {
  companyAddressSchema,
  companyCreateSchema,
  companySchema,
  contactSchema,
  locationSchema,
  locationUpdateSchema,
  rolesToAssignSchema,
} from './company-inputs';
import type { Outcome } from './company-refusals';
import {
  companyAddressView,
  companyContactView,
  companyLocationView,
  companyView,
  roleAssignmentView,
} from './company-views';
import { idOf, toGid } from './gid';
import { parseArgument } from './inputs';
import type { ResolverContext } from './resolvers';
import type { FakeCompany, FakeCompanyContact, FakeCompanyLocation } from './state';
import type { FakeStore } from './store';

/**
 * The company mutations the portal sends (docs/plans/shopify-b2b.md §3.1): arguments parsed, the change made
 * or refused with BusinessCustomerUserErrors, the payload built from views. Whether the shop may use B2B at
 * all is decided before any of these runs (company-refusals.ts, accessCheckedResolver).
 */

type Resolver = (args: unknown, context: ResolverContext) => unknown;

/** `{ [key]: view of the result, userErrors }`, the shape of every company payload. */
function payload<T>(key: string, outcome: Outcome<T>, toView: (result: T) => unknown) {
  return {
    [key]: outcome.result === null ? null : toView(outcome.result),
    userErrors: outcome.userErrors,
  };
}

const companyPayload = (store: FakeStore, outcome: Outcome<FakeCompany>) =>
  payload('company', outcome, (company) => companyView(store, company));
const locationPayload = (store: FakeStore, outcome: Outcome<FakeCompanyLocation>) =>
  payload('companyLocation', outcome, (location) => companyLocationView(store, location));
const contactPayload = (store: FakeStore, outcome: Outcome<FakeCompanyContact>) =>
  payload('companyContact', outcome, (contact) => companyContactView(store, contact));

const companyIdOf = (value: string) => idOf(value, 'Company');
const locationIdOf = (value: string) => idOf(value, 'CompanyLocation');
const contactIdOf = (value: string) => idOf(value, 'CompanyContact');

export const companyMutationResolvers: Record<string, Resolver> = {
  companyCreate: (rawArgs, { store }) => {
    const args = z.object({ input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(companyCreateSchema, args.input, 'input');
    return companyPayload(store, createCompany(store, input));
  },

  companyUpdate: (rawArgs, { store }) => {
    const args = z.object({ companyId: z.string(), input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(companySchema, args.input, 'input');
    return companyPayload(store, updateCompany(store, companyIdOf(args.companyId), input));
  },

  companyLocationCreate: (rawArgs, { store }) => {
    const args = z.object({ companyId: z.string(), input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(locationSchema, args.input, 'input');
    return locationPayload(store, createLocation(store, companyIdOf(args.companyId), input));
  },

  companyLocationUpdate: (rawArgs, { store }) => {
    const args = z.object({ companyLocationId: z.string(), input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(locationUpdateSchema, args.input, 'input');
    return locationPayload(store, updateLocation(store, locationIdOf(args.companyLocationId), input));
  },

  companyLocationAssignAddress: (rawArgs, { store }) => {
    const args = z
      .object({
        locationId: z.string(),
        address: z.unknown(),
        addressTypes: z.array(z.enum(['SHIPPING', 'BILLING'])),
      })
      .parse(rawArgs);
    const address = parseArgument(companyAddressSchema, args.address, 'address');
    const outcome = assignLocationAddress(store, locationIdOf(args.locationId), address, args.addressTypes);
    return payload('addresses', outcome, ({ location, addresses }) =>
      addresses.map((item) => companyAddressView(store, item, location.companyId)),
    );
  },

  companyLocationTaxSettingsUpdate: (rawArgs, { store }) => {
    const args = z
      .object({
        companyLocationId: z.string(),
        taxExempt: z.boolean().nullish(),
        exemptionsToAssign: z.array(z.string()).nullish(),
        exemptionsToRemove: z.array(z.string()).nullish(),
        taxRegistrationId: z.string().nullish(),
      })
      .parse(rawArgs);
    const { companyLocationId, ...change } = args;
    return locationPayload(store, updateTaxSettings(store, locationIdOf(companyLocationId), change));
  },

  companyContactCreate: (rawArgs, { store }) => {
    const args = z.object({ companyId: z.string(), input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(contactSchema, args.input, 'input');
    return contactPayload(store, createContact(store, companyIdOf(args.companyId), input));
  },

  companyAssignCustomerAsContact: (rawArgs, { store }) => {
    const args = z.object({ companyId: z.string(), customerId: z.string() }).parse(rawArgs);
    const outcome = assignCustomerAsContact(
      store,
      companyIdOf(args.companyId),
      idOf(args.customerId, 'Customer'),
    );
    return contactPayload(store, outcome);
  },

  companyContactUpdate: (rawArgs, { store }) => {
    const args = z.object({ companyContactId: z.string(), input: z.unknown() }).parse(rawArgs);
    const input = parseArgument(contactSchema, args.input, 'input');
    return contactPayload(store, updateContact(store, contactIdOf(args.companyContactId), input));
  },

  companyContactAssignRoles: (rawArgs, { store }) => {
    const args = z.object({ companyContactId: z.string(), rolesToAssign: z.unknown() }).parse(rawArgs);
    const roles = parseArgument(rolesToAssignSchema, args.rolesToAssign, 'rolesToAssign');
    const outcome = assignRoles(store, contactIdOf(args.companyContactId), roles);
    return payload('roleAssignments', outcome, ({ contact, assignments }) =>
      assignments.map((assignment) => roleAssignmentView(store, contact, assignment)),
    );
  },

  companyContactRevokeRoles: (rawArgs, { store }) => {
    const args = z
      .object({
        companyContactId: z.string(),
        roleAssignmentIds: z.array(z.string()).nullish(),
        revokeAll: z.boolean().nullish(),
      })
      .parse(rawArgs);
    const ids = (args.roleAssignmentIds ?? []).map((id) => idOf(id, 'CompanyContactRoleAssignment'));
    const outcome = revokeRoles(store, contactIdOf(args.companyContactId), ids, args.revokeAll ?? false);
    return payload('revokedRoleAssignmentIds', outcome, (revoked) =>
      revoked.map((id) => toGid('CompanyContactRoleAssignment', id)),
    );
  },

  companyContactRemoveFromCompany: (rawArgs, { store }) => {
    const args = z.object({ companyContactId: z.string() }).parse(rawArgs);
    const outcome = removeContactFromCompany(store, contactIdOf(args.companyContactId));
    return payload('removedCompanyContactId', outcome, (id) => toGid('CompanyContact', id));
  },
};
