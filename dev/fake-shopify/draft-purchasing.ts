import type { UserError } from './catalogue';
import { locationsWithRole } from './company-contacts';
import type { FakeAddress, FakeCompanyAddress, FakeDraftOrder, FakePurchasingCompany } from './state';
import type { FakeStore } from './store';

/**
 * DraftOrderInput.purchasingEntity (docs/plans/shopify-b2b.md §1.5, §3.6): a draft is bought by a customer or,
 * on a store with B2B, by a company location through one of its contacts, who must hold a role there ("Contacts
 * must be assigned to a location through roleAssignments to place orders"). Refusals are draft-order
 * UserErrors (no code) under `purchasingEntity`; their messages are assumed.
 */

/** After the GraphQL layer: GIDs resolved to numbers, 0 for a GID of another type (names nothing). */
export interface PurchasingEntityInput {
  customerId: number | null | undefined;
  purchasingCompany: FakePurchasingCompany | null | undefined;
}

/** The part of DraftOrderInput this file reads: undefined = leave as is (update), null = clear. */
export interface PurchasingInput {
  purchasingEntity?: PurchasingEntityInput | null;
  /** The deprecated DraftOrderInput.customerId, still accepted. */
  customerId?: number | null;
}

const ENTITY = ['purchasingEntity'];
const COMPANY = [...ENTITY, 'purchasingCompany'];

function checkCompany(store: FakeStore, buyer: FakePurchasingCompany): UserError[] {
  if (!store.b2bEnabled) return [{ field: ENTITY, message: 'B2B is not available for this shop' }];
  const company = store.companies.get(buyer.companyId);
  if (!company) return [{ field: [...COMPANY, 'companyId'], message: 'Company does not exist' }];
  const location = store.companyLocations.get(buyer.locationId);
  const contact = store.companyContacts.get(buyer.contactId);
  const errors: UserError[] = [];
  if (location?.companyId !== company.id) {
    errors.push({
      field: [...COMPANY, 'companyLocationId'],
      message: 'Company location does not belong to the company',
    });
  }
  if (contact?.companyId !== company.id) {
    errors.push({
      field: [...COMPANY, 'companyContactId'],
      message: 'Company contact does not belong to the company',
    });
  } else if (location && !locationsWithRole(contact).has(location.id)) {
    errors.push({
      field: [...COMPANY, 'companyContactId'],
      message: 'Company contact must have a role at the company location to place orders',
    });
  }
  return errors;
}

export function checkPurchasingEntity(store: FakeStore, input: PurchasingInput): UserError[] {
  const entity = input.purchasingEntity;
  const customerId = entity?.customerId ?? input.customerId;
  if (entity?.purchasingCompany && customerId != null) {
    return [{ field: ENTITY, message: 'Purchasing entity can be a customer or a company, not both' }];
  }
  if (entity && !entity.purchasingCompany && entity.customerId == null) {
    return [{ field: ENTITY, message: 'Purchasing entity must have a customer or a company' }];
  }
  if (entity?.purchasingCompany) return checkCompany(store, entity.purchasingCompany);
  if (customerId != null && !store.customers.has(customerId)) {
    const field = entity?.customerId != null ? [...ENTITY, 'customerId'] : ['customerId'];
    return [{ field, message: 'Customer does not exist' }];
  }
  return [];
}

function mailingAddress(store: FakeStore, address: FakeCompanyAddress, companyId: number): FakeAddress {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: store.companies.get(companyId)?.name ?? null,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    provinceCode: address.zoneCode,
    countryCode: address.countryCode,
    zip: address.zip,
    phone: address.phone,
  };
}

/**
 * Records a checked purchasing entity on the draft. A draft made out to a company location without an address
 * of its own ships to (and bills) the location's addresses, as Shopify fills them in from the location.
 */
export function applyPurchasingEntity(store: FakeStore, draft: FakeDraftOrder, input: PurchasingInput): void {
  const entity = input.purchasingEntity;
  if (entity !== undefined) {
    draft.purchasingCompany = entity?.purchasingCompany ?? null;
    draft.customerId = entity?.customerId ?? null;
  }
  if (entity?.customerId == null && input.customerId !== undefined) draft.customerId = input.customerId;
  const buyer = entity?.purchasingCompany;
  const location = buyer && store.companyLocations.get(buyer.locationId);
  if (!location) return;
  if (!draft.shippingAddress && location.shippingAddress) {
    draft.shippingAddress = mailingAddress(store, location.shippingAddress, location.companyId);
  }
  if (!draft.billingAddress && location.billingAddress) {
    draft.billingAddress = mailingAddress(store, location.billingAddress, location.companyId);
  }
}
