import { locationsOf } from './companies';
import { contactsOf } from './company-contacts';
import { toGid } from './gid';
import type { FakeCompanyAddress, FakeCompanyContact, FakeCustomer } from './state';
import type { FakeStore } from './store';

/**
 * What a test or demo reads of the store's companies (control.companies(), GET /__fake/companies and the
 * state dump): GIDs as the portal stores them, role assignments by role name.
 */

const address = (value: FakeCompanyAddress | null) => {
  if (!value) return null;
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = value;
  return fields;
};

export const customerSummary = (customer: FakeCustomer) => ({
  id: toGid('Customer', customer.id),
  email: customer.email,
  firstName: customer.firstName,
  lastName: customer.lastName,
});

function contactSummary(store: FakeStore, contact: FakeCompanyContact, mainContactId: number | null) {
  const customer = store.customers.get(contact.customerId);
  return {
    id: toGid('CompanyContact', contact.id),
    customerId: toGid('Customer', contact.customerId),
    email: customer?.email ?? null,
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
    isMainContact: contact.id === mainContactId,
    roles: contact.roleAssignments.map((assignment) => ({
      id: toGid('CompanyContactRoleAssignment', assignment.id),
      role: store.contactRoles.get(assignment.roleId)?.name ?? null,
      locationId: toGid('CompanyLocation', assignment.locationId),
      location: store.companyLocations.get(assignment.locationId)?.name ?? null,
    })),
  };
}

export type CompanySummary = ReturnType<typeof companySummaries>[number];

export function companySummaries(store: FakeStore) {
  return [...store.companies.values()].map((company) => ({
    id: toGid('Company', company.id),
    externalId: company.externalId,
    name: company.name,
    note: company.note,
    locations: locationsOf(store, company.id).map((location) => {
      const template = store.paymentTermsTemplates.find(
        (candidate) => candidate.id === location.paymentTermsTemplateId,
      );
      return {
        id: toGid('CompanyLocation', location.id),
        externalId: location.externalId,
        name: location.name,
        phone: location.phone,
        note: location.note,
        shippingAddress: address(location.shippingAddress),
        billingAddress: address(location.billingAddress),
        paymentTermsTemplate: template
          ? { id: toGid('PaymentTermsTemplate', template.id), name: template.name }
          : null,
        checkoutToDraft: location.checkoutToDraft,
        taxExempt: location.taxExempt,
        taxExemptions: location.taxExemptions,
        taxRegistrationId: location.taxRegistrationId,
      };
    }),
    contacts: contactsOf(store, company.id).map((contact) =>
      contactSummary(store, contact, company.mainContactId),
    ),
  }));
}
