import { classifyPayload } from '../classify-response';
import type { ShopifyClient } from '../client';
import { operations } from '../operations';
import type { CompanyNode, ContactNode, RoleAssignmentNode } from '../operations-companies';
import { invalidArgument, notFound, shopifyFailure, type ShopifyResult } from '../shopify-result';
import type {
  CompanyAddressInput,
  CompanyAddressType,
  CompanyContactInput,
  CompanyCreateInput,
  CompanyLocationInput,
  CompanyLocationUpdateInput,
  RoleAssignment,
  ShopifyCompany,
  ShopifyCompanyContact,
  TaxSettings,
} from './company-types';
import { toGid } from './ids';
import { nextCursor, searchValue } from './search';

/*
 * B2B companies (docs/plans/shopify-b2b.md §3.3): the store's B2B entitlement, a company found by the
 * externalId the portal gave it, its locations, its contacts and their roles. A store without B2B (or a token
 * without the companies scope) refuses every company field with ACCESS_DENIED: `kind 'graphql'`, told apart
 * with isCompanyAccessDenied (shopify-errors.ts) and getB2bEntitlement.
 */

export type * from './company-types';

export interface CompaniesApi {
  getB2bEntitlement(): Promise<ShopifyResult<{ enabled: boolean }>>;
  /** The company whose externalId is exactly this one (the search is fuzzy), null when there is none. */
  findCompanyByExternalId(externalId: string): Promise<ShopifyResult<ShopifyCompany | null>>;
  /** The company by its GID (no search lag), null when it is gone (a merchant deleted it in Shopify). */
  getCompany(id: string): Promise<ShopifyResult<ShopifyCompany | null>>;
  /** Every contact of the company (follows the pages); not-found when the company is gone. */
  listCompanyContacts(companyId: string): Promise<ShopifyResult<ShopifyCompanyContact[]>>;
  /** The customer with this e-mail and the companies it is a contact of (ids), null when there is none. */
  findCustomerByEmail(email: string): Promise<ShopifyResult<{ id: string; contactOf: string[] } | null>>;
  createCompany(
    input: CompanyCreateInput,
  ): Promise<ShopifyResult<{ id: string; mainContactId: string | null; customerId: string | null }>>;
  updateCompany(id: string, input: { name?: string; note?: string }): Promise<ShopifyResult<{ id: string }>>;
  createCompanyLocation(
    companyId: string,
    input: CompanyLocationInput,
  ): Promise<ShopifyResult<{ id: string }>>;
  updateCompanyLocation(
    id: string,
    input: CompanyLocationUpdateInput,
  ): Promise<ShopifyResult<{ id: string }>>;
  assignCompanyLocationAddress(
    id: string,
    address: CompanyAddressInput,
    types: CompanyAddressType[],
  ): Promise<ShopifyResult<void>>;
  /** Assigns and removes TaxExemption values; the location's other exemptions stay. */
  updateCompanyLocationTaxSettings(
    id: string,
    change: { assign?: string[]; remove?: string[] },
  ): Promise<ShopifyResult<TaxSettings>>;
  createCompanyContact(
    companyId: string,
    input: CompanyContactInput,
  ): Promise<ShopifyResult<{ id: string; customerId: string }>>;
  assignCustomerAsContact(
    companyId: string,
    customerId: string,
  ): Promise<ShopifyResult<{ id: string; customerId: string }>>;
  updateCompanyContact(id: string, input: CompanyContactInput): Promise<ShopifyResult<void>>;
  /** No roles: nothing is sent. */
  assignContactRoles(
    contactId: string,
    roles: { roleId: string; locationId: string }[],
  ): Promise<ShopifyResult<RoleAssignment[]>>;
  /** No assignment ids: nothing is sent (never `revokeAll`). */
  revokeContactRoles(contactId: string, assignmentIds: string[]): Promise<ShopifyResult<void>>;
  /** The contact leaves the company; its customer (and the customer's orders) stays. */
  removeContactFromCompany(contactId: string): Promise<ShopifyResult<void>>;
}

export function createCompaniesApi(client: ShopifyClient): CompaniesApi {
  return {
    async getB2bEntitlement() {
      const result = await client.request(operations.shopB2bEntitlement, {});
      if (!result.ok) return result;
      return { ok: true, data: { enabled: result.data.shop.entitlements.b2b.enabled } };
    },

    async findCompanyByExternalId(externalId) {
      const result = await client.request(operations.findCompanyByExternalId, {
        query: `external_id:${searchValue(externalId)}`,
      });
      if (!result.ok) return result;
      const match = result.data.companies.nodes.find((node) => node.externalId === externalId);
      return { ok: true, data: match ? toCompany(match) : null };
    },

    async getCompany(id) {
      const gid = toGid('Company', id);
      if (!gid) return notFound('company', id);
      const result = await client.request(operations.getCompany, { id: gid });
      if (!result.ok) return result;
      const company = result.data.company;
      return { ok: true, data: company ? toCompany(company) : null };
    },

    async listCompanyContacts(companyId) {
      const gid = toGid('Company', companyId);
      if (!gid) return notFound('company', companyId);
      const contacts: ShopifyCompanyContact[] = [];
      let after: string | null = null;
      for (;;) {
        const result = await client.request(operations.getCompanyContacts, { companyId: gid, after });
        if (!result.ok) return result;
        const company = result.data.company;
        if (!company) return notFound('company', companyId);
        contacts.push(...company.contacts.nodes.map(toContact));
        const next = nextCursor(company.contacts.pageInfo, after, 'GetCompanyContacts');
        if (!next.ok) return next;
        if (next.data === null) return { ok: true, data: contacts };
        after = next.data;
      }
    },

    async findCustomerByEmail(email) {
      const result = await client.request(operations.findCustomerByEmail, { email });
      if (!result.ok) return result;
      const customer = result.data.customerByIdentifier;
      if (!customer) return { ok: true, data: null };
      const contactOf = customer.companyContactProfiles.map((profile) => profile.company.id);
      return { ok: true, data: { id: customer.id, contactOf } };
    },

    async createCompany(input) {
      const { companyLocation, ...rest } = input;
      const location = companyLocation ? toLocationInput(companyLocation) : null;
      if (location && !location.ok) return location;
      const graphqlInput = location ? { ...rest, companyLocation: location.data } : rest;
      const result = await client.request(operations.createCompany, { input: graphqlInput });
      if (!result.ok) return result;
      return classifyPayload('companyCreate', result.data.companyCreate, (payload) =>
        made('companyCreate', payload.company, (company) => ({
          id: company.id,
          mainContactId: company.mainContact?.id ?? null,
          customerId: company.mainContact?.customer.id ?? null,
        })),
      );
    },

    async updateCompany(id, input) {
      const gid = toGid('Company', id);
      if (!gid) return notFound('company', id);
      const result = await client.request(operations.updateCompany, { companyId: gid, input });
      if (!result.ok) return result;
      return classifyPayload('companyUpdate', result.data.companyUpdate, (payload) =>
        made('companyUpdate', payload.company, (company) => ({ id: company.id })),
      );
    },

    async createCompanyLocation(companyId, input) {
      const gid = toGid('Company', companyId);
      if (!gid) return notFound('company', companyId);
      const graphqlInput = toLocationInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.createCompanyLocation, {
        companyId: gid,
        input: graphqlInput.data,
      });
      if (!result.ok) return result;
      return classifyPayload('companyLocationCreate', result.data.companyLocationCreate, (payload) =>
        made('companyLocationCreate', payload.companyLocation, (location) => ({ id: location.id })),
      );
    },

    async updateCompanyLocation(id, input) {
      const gid = toGid('CompanyLocation', id);
      if (!gid) return notFound('company location', id);
      const graphqlInput = toLocationInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.updateCompanyLocation, {
        companyLocationId: gid,
        input: graphqlInput.data,
      });
      if (!result.ok) return result;
      return classifyPayload('companyLocationUpdate', result.data.companyLocationUpdate, (payload) =>
        made('companyLocationUpdate', payload.companyLocation, (location) => ({ id: location.id })),
      );
    },

    async assignCompanyLocationAddress(id, address, types) {
      const gid = toGid('CompanyLocation', id);
      if (!gid) return notFound('company location', id);
      const result = await client.request(operations.assignCompanyLocationAddress, {
        locationId: gid,
        address,
        addressTypes: types,
      });
      if (!result.ok) return result;
      const payload = result.data.companyLocationAssignAddress;
      return classifyPayload('companyLocationAssignAddress', payload, (answer) =>
        made('companyLocationAssignAddress', answer.addresses, () => undefined),
      );
    },

    async updateCompanyLocationTaxSettings(id, change) {
      const gid = toGid('CompanyLocation', id);
      if (!gid) return notFound('company location', id);
      const result = await client.request(operations.updateCompanyLocationTaxSettings, {
        companyLocationId: gid,
        exemptionsToAssign: change.assign,
        exemptionsToRemove: change.remove,
      });
      if (!result.ok) return result;
      const payload = result.data.companyLocationTaxSettingsUpdate;
      return classifyPayload('companyLocationTaxSettingsUpdate', payload, (answer) =>
        made('companyLocationTaxSettingsUpdate', answer.companyLocation, (location) => ({
          ...location.taxSettings,
          taxExemptions: [...location.taxSettings.taxExemptions],
        })),
      );
    },

    async createCompanyContact(companyId, input) {
      const gid = toGid('Company', companyId);
      if (!gid) return notFound('company', companyId);
      const result = await client.request(operations.createCompanyContact, { companyId: gid, input });
      if (!result.ok) return result;
      return classifyPayload('companyContactCreate', result.data.companyContactCreate, (payload) =>
        made('companyContactCreate', payload.companyContact, contactIds),
      );
    },

    async assignCustomerAsContact(companyId, customerId) {
      const gid = toGid('Company', companyId);
      if (!gid) return notFound('company', companyId);
      const customerGid = toGid('Customer', customerId);
      if (!customerGid) return invalidArgument(`customerId '${customerId}' is not a customer id`);
      const result = await client.request(operations.assignCustomerAsContact, {
        companyId: gid,
        customerId: customerGid,
      });
      if (!result.ok) return result;
      const payload = result.data.companyAssignCustomerAsContact;
      return classifyPayload('companyAssignCustomerAsContact', payload, (answer) =>
        made('companyAssignCustomerAsContact', answer.companyContact, contactIds),
      );
    },

    async updateCompanyContact(id, input) {
      const gid = toGid('CompanyContact', id);
      if (!gid) return notFound('company contact', id);
      const result = await client.request(operations.updateCompanyContact, { companyContactId: gid, input });
      if (!result.ok) return result;
      return classifyPayload('companyContactUpdate', result.data.companyContactUpdate, (payload) =>
        made('companyContactUpdate', payload.companyContact, () => undefined),
      );
    },

    async assignContactRoles(contactId, roles) {
      const gid = toGid('CompanyContact', contactId);
      if (!gid) return notFound('company contact', contactId);
      const rolesToAssign: { companyContactRoleId: string; companyLocationId: string }[] = [];
      for (const [index, { roleId, locationId }] of roles.entries()) {
        const companyContactRoleId = toGid('CompanyContactRole', roleId);
        if (!companyContactRoleId)
          return invalidArgument(`roles[${index}].roleId '${roleId}' is not a role id`);
        const companyLocationId = toGid('CompanyLocation', locationId);
        if (!companyLocationId) {
          return invalidArgument(`roles[${index}].locationId '${locationId}' is not a company location id`);
        }
        rolesToAssign.push({ companyContactRoleId, companyLocationId });
      }
      if (rolesToAssign.length === 0) return { ok: true, data: [] };
      const result = await client.request(operations.assignContactRoles, {
        companyContactId: gid,
        rolesToAssign,
      });
      if (!result.ok) return result;
      return classifyPayload('companyContactAssignRoles', result.data.companyContactAssignRoles, (payload) =>
        made('companyContactAssignRoles', payload.roleAssignments, (assignments) =>
          assignments.map(toRoleAssignment),
        ),
      );
    },

    async revokeContactRoles(contactId, assignmentIds) {
      const gid = toGid('CompanyContact', contactId);
      if (!gid) return notFound('company contact', contactId);
      const roleAssignmentIds: string[] = [];
      for (const [index, assignmentId] of assignmentIds.entries()) {
        const assignmentGid = toGid('CompanyContactRoleAssignment', assignmentId);
        if (!assignmentGid) {
          return invalidArgument(`assignmentIds[${index}] '${assignmentId}' is not a role assignment id`);
        }
        roleAssignmentIds.push(assignmentGid);
      }
      if (roleAssignmentIds.length === 0) return { ok: true, data: undefined };
      const result = await client.request(operations.revokeContactRoles, {
        companyContactId: gid,
        roleAssignmentIds,
      });
      if (!result.ok) return result;
      return classifyPayload('companyContactRevokeRoles', result.data.companyContactRevokeRoles, (payload) =>
        made('companyContactRevokeRoles', payload.revokedRoleAssignmentIds, () => undefined),
      );
    },

    async removeContactFromCompany(contactId) {
      const gid = toGid('CompanyContact', contactId);
      if (!gid) return notFound('company contact', contactId);
      const result = await client.request(operations.removeContactFromCompany, { companyContactId: gid });
      if (!result.ok) return result;
      const payload = result.data.companyContactRemoveFromCompany;
      return classifyPayload('companyContactRemoveFromCompany', payload, (answer) =>
        made('companyContactRemoveFromCompany', answer.removedCompanyContactId, () => undefined),
      );
    },
  };
}

function toCompany(node: CompanyNode): ShopifyCompany {
  return {
    id: node.id,
    externalId: node.externalId,
    name: node.name,
    mainContactId: node.mainContact?.id ?? null,
    defaultRole: node.defaultRole ? { ...node.defaultRole } : null,
    contactRoles: node.contactRoles.nodes.map((role) => ({ ...role })),
    locations: node.locations.nodes.map((location) => ({
      id: location.id,
      externalId: location.externalId,
      name: location.name,
      phone: location.phone,
      paymentTermsTemplateId: location.buyerExperienceConfiguration?.paymentTermsTemplate?.id ?? null,
      taxSettings: { ...location.taxSettings, taxExemptions: [...location.taxSettings.taxExemptions] },
    })),
  };
}

function toContact(node: ContactNode): ShopifyCompanyContact {
  return {
    id: node.id,
    customerId: node.customer.id,
    email: node.customer.defaultEmailAddress?.emailAddress.toLowerCase() ?? null,
    isMainContact: node.isMainContact,
    roleAssignments: node.roleAssignments.nodes.map(toRoleAssignment),
  };
}

function toRoleAssignment(node: RoleAssignmentNode): RoleAssignment {
  return { id: node.id, roleId: node.role.id, locationId: node.companyLocation.id };
}

function contactIds(contact: { id: string; customer: { id: string } }) {
  return { id: contact.id, customerId: contact.customer.id };
}

/** What a payload without userErrors made, mapped; invalid-response when Shopify sent neither. */
function made<N, T>(operation: string, node: N | null, map: (node: N) => T): ShopifyResult<T> {
  return node === null
    ? shopifyFailure('invalid-response', `${operation}: Shopify returned neither a result nor user errors`)
    : { ok: true, data: map(node) };
}

/** The payment terms template's id as a GID (null clears it); anything else is refused before asking. */
function toLocationInput<I extends CompanyLocationUpdateInput>(input: I): ShopifyResult<I> {
  const templateId = input.buyerExperienceConfiguration?.paymentTermsTemplateId;
  if (templateId === undefined || templateId === null) return { ok: true, data: input };
  const paymentTermsTemplateId = toGid('PaymentTermsTemplate', templateId);
  if (!paymentTermsTemplateId) {
    return invalidArgument(`paymentTermsTemplateId '${templateId}' is not a payment terms template id`);
  }
  const buyerExperienceConfiguration = { ...input.buyerExperienceConfiguration, paymentTermsTemplateId };
  return { ok: true, data: { ...input, buyerExperienceConfiguration } };
}
