import { GraphQLError } from 'graphql';
import { DEFAULT_ROLE_NAME, locationsOf } from './companies';
import { contactsOf } from './company-contacts';
import { toGid } from './gid';
import { paginate } from './pagination';
import type {
  FakeCompany,
  FakeCompanyAddress,
  FakeCompanyContact,
  FakeCompanyLocation,
  FakeContactRole,
  FakeCustomer,
  FakeDraftOrder,
  FakeRoleAssignment,
} from './state';
import type { FakeStore } from './store';
import { countryName, iso, paymentTermsTemplateView, type View } from './view-basics';

/**
 * GraphQL source objects for the B2B types (docs/plans/shopify-b2b.md §1.3), built like views.ts: relations
 * are functions, so a query builds only what it selects.
 */

const byId = <T extends { id: number }>(item: T) => ({ id: item.id, value: item.id });
const count = (value: number) => ({ count: value, precision: 'EXACT' });

/**
 * A connection under a company object, unfiltered: the fake does not search these, and says so rather than
 * answering an unfiltered list to a filtered question.
 */
function unfiltered<T extends { id: number }>(
  items: () => T[],
  toView: (item: T) => View,
  where: string,
): (args: { query?: string | null }) => unknown {
  return (args) => {
    if (args.query) throw new GraphQLError(`The fake store does not filter ${where} by query`);
    return paginate(items(), args, byId, toView);
  };
}

export function companyAddressView(store: FakeStore, address: FakeCompanyAddress, companyId: number): View {
  const country = countryName(address.countryCode);
  return {
    __typename: 'CompanyAddress',
    id: toGid('CompanyAddress', address.id),
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    zoneCode: address.zoneCode,
    province: address.zoneCode,
    countryCode: address.countryCode,
    country,
    firstName: address.firstName,
    lastName: address.lastName,
    phone: address.phone,
    recipient: address.recipient,
    companyName: store.companies.get(companyId)?.name ?? '',
    formattedArea: [address.city, address.zoneCode, country].filter(Boolean).join(', ') || null,
    createdAt: iso(address.createdAt),
    updatedAt: iso(address.updatedAt),
  };
}

export const roleView = (role: FakeContactRole): View => ({
  __typename: 'CompanyContactRole',
  id: toGid('CompanyContactRole', role.id),
  name: role.name,
  note: role.note,
});

export function roleAssignmentView(
  store: FakeStore,
  contact: FakeCompanyContact,
  assignment: FakeRoleAssignment,
): View {
  return {
    __typename: 'CompanyContactRoleAssignment',
    id: toGid('CompanyContactRoleAssignment', assignment.id),
    createdAt: iso(assignment.createdAt),
    updatedAt: iso(assignment.createdAt),
    company: () => companyViewById(store, contact.companyId),
    companyContact: () => companyContactView(store, contact),
    companyLocation: () => {
      const location = store.companyLocations.get(assignment.locationId);
      return location ? companyLocationView(store, location) : null;
    },
    role: () => {
      const role = store.contactRoles.get(assignment.roleId);
      return role ? roleView(role) : null;
    },
  };
}

/** Every assignment of the company's contacts at this location. */
function assignmentsAt(store: FakeStore, location: FakeCompanyLocation) {
  return contactsOf(store, location.companyId).flatMap((contact) =>
    contact.roleAssignments
      .filter((assignment) => assignment.locationId === location.id)
      .map((assignment) => ({ id: assignment.id, contact, assignment })),
  );
}

export function customerView(store: FakeStore, customer: FakeCustomer): View {
  const displayName =
    [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
    customer.email ||
    customer.phone ||
    '';
  return {
    __typename: 'Customer',
    id: toGid('Customer', customer.id),
    legacyResourceId: String(customer.id),
    firstName: customer.firstName,
    lastName: customer.lastName,
    displayName,
    email: customer.email,
    phone: customer.phone,
    defaultEmailAddress: customer.email
      ? { emailAddress: customer.email, marketingState: 'NOT_SUBSCRIBED', validFormat: true }
      : null,
    defaultPhoneNumber: customer.phone
      ? { phoneNumber: customer.phone, marketingState: 'NOT_SUBSCRIBED' }
      : null,
    validEmailAddress: customer.email !== null,
    verifiedEmail: customer.email !== null,
    state: 'DISABLED',
    tags: [],
    note: null,
    taxExempt: false,
    taxExemptions: [],
    createdAt: iso(customer.createdAt),
    updatedAt: iso(customer.updatedAt),
    companyContactProfiles: () =>
      [...store.companyContacts.values()]
        .filter((contact) => contact.customerId === customer.id)
        .map((contact) => companyContactView(store, contact)),
  };
}

export function companyContactView(store: FakeStore, contact: FakeCompanyContact): View {
  return {
    __typename: 'CompanyContact',
    id: toGid('CompanyContact', contact.id),
    title: contact.title,
    locale: contact.locale,
    createdAt: iso(contact.createdAt),
    updatedAt: iso(contact.updatedAt),
    isMainContact: store.companies.get(contact.companyId)?.mainContactId === contact.id,
    company: () => companyViewById(store, contact.companyId),
    customer: () => {
      const customer = store.customers.get(contact.customerId);
      return customer ? customerView(store, customer) : null;
    },
    roleAssignments: unfiltered(
      () => contact.roleAssignments,
      (assignment) => roleAssignmentView(store, contact, assignment),
      'CompanyContact.roleAssignments',
    ),
  };
}

export function companyLocationView(store: FakeStore, location: FakeCompanyLocation): View {
  const address = (value: FakeCompanyAddress | null) =>
    value ? companyAddressView(store, value, location.companyId) : null;
  const taxSettings = {
    taxExempt: location.taxExempt,
    taxExemptions: location.taxExemptions,
    taxRegistrationId: location.taxRegistrationId,
  };
  const template = store.paymentTermsTemplates.find(
    (candidate) => candidate.id === location.paymentTermsTemplateId,
  );
  return {
    __typename: 'CompanyLocation',
    id: toGid('CompanyLocation', location.id),
    externalId: location.externalId,
    name: location.name,
    phone: location.phone,
    note: location.note,
    locale: location.locale,
    // One currency per fake shop; Shopify derives it from the shipping address.
    currency: store.shop.currencyCode,
    createdAt: iso(location.createdAt),
    updatedAt: iso(location.updatedAt),
    shippingAddress: address(location.shippingAddress),
    billingAddress: address(location.billingAddress),
    buyerExperienceConfiguration: {
      checkoutToDraft: location.checkoutToDraft,
      editableShippingAddress: location.editableShippingAddress,
      payNowOnly: !location.checkoutToDraft && !template,
      paymentTermsTemplate: template ? paymentTermsTemplateView(template) : null,
      deposit:
        location.depositPercentage === null
          ? null
          : { __typename: 'DepositPercentage', percentage: location.depositPercentage },
    },
    taxSettings,
    taxExemptions: taxSettings.taxExemptions,
    taxRegistrationId: taxSettings.taxRegistrationId,
    company: () => companyViewById(store, location.companyId),
    roleAssignments: unfiltered(
      () => assignmentsAt(store, location),
      ({ contact, assignment }) => roleAssignmentView(store, contact, assignment),
      'CompanyLocation.roleAssignments',
    ),
  };
}

export function companyView(store: FakeStore, company: FakeCompany): View {
  const roles = () => [...store.contactRoles.values()];
  return {
    __typename: 'Company',
    id: toGid('Company', company.id),
    externalId: company.externalId,
    name: company.name,
    note: company.note,
    customerSince: iso(company.customerSince),
    createdAt: iso(company.createdAt),
    updatedAt: iso(company.updatedAt),
    defaultCursor: Buffer.from(JSON.stringify({ last_id: company.id, last_value: company.id })).toString(
      'base64',
    ),
    mainContact: () => {
      const contact =
        company.mainContactId === null ? undefined : store.companyContacts.get(company.mainContactId);
      return contact ? companyContactView(store, contact) : null;
    },
    defaultRole: () => {
      const role = roles().find((candidate) => candidate.name === DEFAULT_ROLE_NAME);
      return role ? roleView(role) : null;
    },
    contactRoles: (args: unknown) => paginate(roles(), args, byId, roleView),
    contacts: unfiltered(
      () => contactsOf(store, company.id),
      (contact) => companyContactView(store, contact),
      'Company.contacts',
    ),
    locations: unfiltered(
      () => locationsOf(store, company.id),
      (location) => companyLocationView(store, location),
      'Company.locations',
    ),
    contactCount: () => contactsOf(store, company.id).length,
    contactsCount: () => count(contactsOf(store, company.id).length),
    locationsCount: () => count(locationsOf(store, company.id).length),
  };
}

function companyViewById(store: FakeStore, id: number): View | null {
  const company = store.companies.get(id);
  return company ? companyView(store, company) : null;
}

/**
 * DraftOrder.purchasingEntity: the company, location and contact a B2B draft was made for, or the customer
 * it names; null when it names neither, or the merchant has since deleted the company or location.
 */
export function purchasingEntityView(store: FakeStore, draft: FakeDraftOrder): View | null {
  const buyer = draft.purchasingCompany;
  if (buyer) {
    const company = store.companies.get(buyer.companyId);
    const location = store.companyLocations.get(buyer.locationId);
    const contact = store.companyContacts.get(buyer.contactId);
    if (!company || !location) return null;
    return {
      __typename: 'PurchasingCompany',
      company: companyView(store, company),
      location: companyLocationView(store, location),
      contact: contact ? companyContactView(store, contact) : null,
    };
  }
  const customer = draft.customerId === null ? undefined : store.customers.get(draft.customerId);
  return customer ? customerView(store, customer) : null;
}

/** DraftOrder.customer: the customer it names, or on a B2B draft the contact's customer. */
export function draftCustomerView(store: FakeStore, draft: FakeDraftOrder): View | null {
  const contact = draft.purchasingCompany && store.companyContacts.get(draft.purchasingCompany.contactId);
  const customer = store.customers.get(contact ? contact.customerId : (draft.customerId ?? 0));
  return customer ? customerView(store, customer) : null;
}
