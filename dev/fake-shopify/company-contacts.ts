import type { ContactInput, RoleToAssign } from './company-inputs';
import {
  done,
  invalid,
  notFound,
  refused,
  taken,
  type BusinessUserError,
  type Outcome,
} from './company-refusals';
import { EMAIL } from './email';
import type { FakeCompany, FakeCompanyContact, FakeCustomer, FakeRoleAssignment } from './state';
import type { FakeStore } from './store';

/**
 * Company contacts, their customers and role assignments (docs/plans/shopify-b2b.md §1.7, §3.6). A contact
 * always is a customer: companyContactCreate makes the customer, so an e-mail that already belongs to one is
 * TAKEN and the portal assigns that customer instead. A contact holds one role per location; it needs one to
 * order for that location.
 */

export function findCustomerByEmail(store: FakeStore, email: string): FakeCustomer | undefined {
  const wanted = email.trim().toLowerCase();
  return [...store.customers.values()].find((customer) => customer.email?.toLowerCase() === wanted);
}

export const contactsOf = (store: FakeStore, companyId: number) =>
  [...store.companyContacts.values()].filter((contact) => contact.companyId === companyId);

/** The contact's own fields; `self` is the customer of the contact being updated (null for a new one). */
export function checkContact(
  store: FakeStore,
  input: ContactInput,
  at: string[],
  self: FakeCustomer | null,
): BusinessUserError[] {
  const email = input.email?.trim();
  if (!email) return [];
  if (!EMAIL.test(email)) return [invalid([...at, 'email'], 'Email is invalid')];
  const holder = findCustomerByEmail(store, email);
  return holder && holder !== self ? [taken([...at, 'email'])] : [];
}

/** A new customer, as a test's shop already has one (the e-mail must be free). */
export function addCustomer(
  store: FakeStore,
  input: Pick<ContactInput, 'email' | 'firstName' | 'lastName' | 'phone'>,
): FakeCustomer {
  const now = store.now();
  const customer: FakeCustomer = {
    id: store.nextId('customer'),
    email: input.email?.trim() || null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone: input.phone ?? null,
    createdAt: now,
    updatedAt: now,
  };
  if (customer.email && findCustomerByEmail(store, customer.email)) {
    throw new Error(`A customer with the e-mail ${customer.email} exists`);
  }
  store.customers.set(customer.id, customer);
  return customer;
}

function addContactFor(
  store: FakeStore,
  company: FakeCompany,
  customer: FakeCustomer,
  input: Pick<ContactInput, 'title' | 'locale'>,
): FakeCompanyContact {
  const now = store.now();
  const contact: FakeCompanyContact = {
    id: store.nextId('companyContact'),
    companyId: company.id,
    customerId: customer.id,
    title: input.title ?? null,
    locale: input.locale ?? null,
    roleAssignments: [],
    createdAt: now,
    updatedAt: now,
  };
  store.companyContacts.set(contact.id, contact);
  return contact;
}

/** A checked contact input becomes a contact of `company` and a new customer. */
export function addContact(store: FakeStore, company: FakeCompany, input: ContactInput): FakeCompanyContact {
  return addContactFor(store, company, addCustomer(store, input), input);
}

export function createContact(
  store: FakeStore,
  companyId: number | null,
  input: ContactInput,
): Outcome<FakeCompanyContact> {
  const company = companyId === null ? undefined : store.companies.get(companyId);
  if (!company) return refused([notFound(['companyId'])]);
  const errors = checkContact(store, input, ['input'], null);
  if (errors.length > 0) return refused(errors);
  return done(addContact(store, company, input));
}

/** companyAssignCustomerAsContact: an existing customer becomes a contact (of several companies, if so). */
export function assignCustomerAsContact(
  store: FakeStore,
  companyId: number | null,
  customerId: number | null,
): Outcome<FakeCompanyContact> {
  const company = companyId === null ? undefined : store.companies.get(companyId);
  const customer = customerId === null ? undefined : store.customers.get(customerId);
  if (!company) return refused([notFound(['companyId'])]);
  if (!customer) return refused([notFound(['customerId'])]);
  if (contactsOf(store, company.id).some((contact) => contact.customerId === customer.id)) {
    return refused([taken(['customerId'])]);
  }
  return done(addContactFor(store, company, customer, {}));
}

/** companyContactUpdate: the contact's title and locale, and its customer's name, e-mail and phone. */
export function updateContact(
  store: FakeStore,
  id: number | null,
  input: ContactInput,
): Outcome<FakeCompanyContact> {
  const contact = id === null ? undefined : store.companyContacts.get(id);
  const customer = contact && store.customers.get(contact.customerId);
  if (!contact || !customer) return refused([notFound(['companyContactId'])]);
  const errors = checkContact(store, input, ['input'], customer);
  if (errors.length > 0) return refused(errors);
  const now = store.now();
  if (input.email != null) customer.email = input.email.trim() || null;
  if (input.firstName !== undefined) customer.firstName = input.firstName;
  if (input.lastName !== undefined) customer.lastName = input.lastName;
  if (input.phone !== undefined) customer.phone = input.phone;
  if (input.title !== undefined) contact.title = input.title;
  if (input.locale !== undefined) contact.locale = input.locale;
  customer.updatedAt = now;
  contact.updatedAt = now;
  return done(contact);
}

/**
 * companyContactAssignRoles, all or nothing (assumed): each role must be the shop's, each location one of the
 * contact's company, and the contact may not hold a role there yet (one role per location).
 */
export function assignRoles(
  store: FakeStore,
  id: number | null,
  roles: RoleToAssign[],
): Outcome<{ contact: FakeCompanyContact; assignments: FakeRoleAssignment[] }> {
  const contact = id === null ? undefined : store.companyContacts.get(id);
  if (!contact) return refused([notFound(['companyContactId'])]);
  const errors: BusinessUserError[] = [];
  const held = new Set(contact.roleAssignments.map((assignment) => assignment.locationId));
  roles.forEach((role, index) => {
    const at = (name: string) => ['rolesToAssign', String(index), name];
    const location = store.companyLocations.get(role.companyLocationId);
    if (!store.contactRoles.has(role.companyContactRoleId)) errors.push(notFound(at('companyContactRoleId')));
    else if (!location) errors.push(notFound(at('companyLocationId')));
    else if (location.companyId !== contact.companyId) {
      errors.push(invalid(at('companyLocationId'), "The location does not belong to the contact's company."));
    } else if (held.has(location.id)) errors.push(taken(at('companyLocationId')));
    held.add(role.companyLocationId);
  });
  if (errors.length > 0) return refused(errors);
  const now = store.now();
  const added = roles.map((role): FakeRoleAssignment => ({
    id: store.nextId('roleAssignment'),
    roleId: role.companyContactRoleId,
    locationId: role.companyLocationId,
    createdAt: now,
  }));
  contact.roleAssignments.push(...added);
  contact.updatedAt = now;
  return done({ contact, assignments: added });
}

/** companyContactRevokeRoles: the named assignments of this contact (all with revokeAll); ids it answers. */
export function revokeRoles(
  store: FakeStore,
  id: number | null,
  assignmentIds: (number | null)[],
  revokeAll: boolean,
): Outcome<number[]> {
  const contact = id === null ? undefined : store.companyContacts.get(id);
  if (!contact) return refused([notFound(['companyContactId'])]);
  const owned = new Set(contact.roleAssignments.map((assignment) => assignment.id));
  const errors = assignmentIds.flatMap((assignmentId, index) =>
    assignmentId !== null && owned.has(assignmentId) ? [] : [notFound(['roleAssignmentIds', String(index)])],
  );
  if (errors.length > 0) return refused(errors);
  const revoked = revokeAll ? [...owned] : assignmentIds.filter((assignmentId) => assignmentId !== null);
  contact.roleAssignments = contact.roleAssignments.filter((assignment) => !revoked.includes(assignment.id));
  contact.updatedAt = store.now();
  return done(revoked);
}

/** companyContactRemoveFromCompany: the contact and its roles go; its customer (and orders) stay. */
export function removeContactFromCompany(store: FakeStore, id: number | null): Outcome<number> {
  const contact = id === null ? undefined : store.companyContacts.get(id);
  if (!contact) return refused([notFound(['companyContactId'])]);
  store.companyContacts.delete(contact.id);
  const company = store.companies.get(contact.companyId);
  if (company?.mainContactId === contact.id) company.mainContactId = null;
  return done(contact.id);
}

/** Location ids where the contact holds a role: where it may order. */
export const locationsWithRole = (contact: FakeCompanyContact) =>
  new Set(contact.roleAssignments.map((assignment) => assignment.locationId));
