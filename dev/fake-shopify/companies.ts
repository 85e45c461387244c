import type {
  BuyerExperienceInput,
  CompanyAddressInput,
  CompanyCreateInput,
  CompanyInput,
  LocationInput,
  LocationUpdateInput,
} from './company-inputs';
import { addContact, checkContact } from './company-contacts';
import {
  blank,
  done,
  invalid,
  noInput,
  notFound,
  refused,
  taken,
  type BusinessUserError,
  type Outcome,
} from './company-refusals';
import type { FakeCompany, FakeCompanyAddress, FakeCompanyLocation } from './state';
import type { FakeStore } from './store';

/**
 * Companies and their locations (docs/plans/shopify-b2b.md §1.7, §3.6): externalIds unique in the shop,
 * names required, addresses with a street and a country, payment terms from the store's templates, deposits
 * of 1–99 %. Rules the schema does not document (a location needs a shipping address, a cap on contacts) are
 * deliberately not modelled.
 */

/**
 * The shop's contact roles as the Shopify admin names them; the schema names none (§1.3), so the portal
 * matches them loosely. The company's defaultRole is the ordering one.
 */
export const CONTACT_ROLE_NAMES = ['Location admin', 'Ordering only'] as const;
export const DEFAULT_ROLE_NAME = 'Ordering only';

const isBlank = (value: string | null | undefined) => !value?.trim();

export const locationsOf = (store: FakeStore, companyId: number) =>
  [...store.companyLocations.values()].filter((location) => location.companyId === companyId);

function checkCompany(store: FakeStore, input: CompanyInput, at: string[], self: FakeCompany | null) {
  const errors: BusinessUserError[] = [];
  if (self ? input.name !== undefined && isBlank(input.name) : isBlank(input.name)) {
    errors.push(blank([...at, 'name']));
  }
  const externalId = input.externalId;
  const holder = [...store.companies.values()].find((company) => company.externalId === externalId);
  if (externalId && holder && holder !== self) errors.push(taken([...at, 'externalId']));
  return errors;
}

function checkAddress(input: CompanyAddressInput | null | undefined, at: string[]) {
  if (!input) return [];
  const errors: BusinessUserError[] = [];
  if (isBlank(input.address1)) errors.push(blank([...at, 'address1']));
  if (!input.countryCode) errors.push(blank([...at, 'countryCode']));
  return errors;
}

function checkBuyerExperience(
  store: FakeStore,
  input: BuyerExperienceInput | null | undefined,
  at: string[],
) {
  if (!input) return [];
  const errors: BusinessUserError[] = [];
  const templateId = input.paymentTermsTemplateId;
  if (templateId != null && !store.paymentTermsTemplates.some((template) => template.id === templateId)) {
    errors.push(notFound([...at, 'paymentTermsTemplateId']));
  }
  const deposit = input.depositPercentage;
  if (deposit != null && (deposit < 1 || deposit > 99)) {
    errors.push(invalid([...at, 'deposit', 'percentage'], 'Deposit percentage must be between 1 and 99.'));
  }
  return errors;
}

/** A location's own fields; `self` is the location being updated (null when creating one). */
function checkLocation(
  store: FakeStore,
  input: LocationUpdateInput & Partial<LocationInput>,
  at: string[],
  self: FakeCompanyLocation | null,
) {
  const errors: BusinessUserError[] = [];
  // Assumed: the schema's CompanyLocation.name is non-null, so a new location needs one.
  if (self ? input.name !== undefined && isBlank(input.name) : isBlank(input.name)) {
    errors.push(blank([...at, 'name']));
  }
  const externalId = input.externalId;
  const holder = [...store.companyLocations.values()].find((location) => location.externalId === externalId);
  if (externalId && holder && holder !== self) errors.push(taken([...at, 'externalId']));
  errors.push(...checkAddress(input.shippingAddress, [...at, 'shippingAddress']));
  if (!input.billingSameAsShipping)
    errors.push(...checkAddress(input.billingAddress, [...at, 'billingAddress']));
  errors.push(
    ...checkBuyerExperience(store, input.buyerExperienceConfiguration, [
      ...at,
      'buyerExperienceConfiguration',
    ]),
  );
  return errors;
}

function buildAddress(store: FakeStore, input: CompanyAddressInput): FakeCompanyAddress {
  const now = store.now();
  return {
    id: store.nextId('companyAddress'),
    address1: input.address1 ?? '',
    address2: input.address2 ?? null,
    city: input.city ?? null,
    countryCode: input.countryCode ?? '',
    zoneCode: input.zoneCode ?? null,
    zip: input.zip ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone: input.phone ?? null,
    recipient: input.recipient ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

function applyCompany(company: FakeCompany, input: CompanyInput): void {
  if (input.name != null) company.name = input.name.trim();
  if (input.externalId !== undefined) company.externalId = input.externalId || null;
  if (input.note !== undefined) company.note = input.note;
  if (input.customerSince != null) company.customerSince = input.customerSince;
}

function applyLocation(location: FakeCompanyLocation, input: LocationUpdateInput): void {
  if (input.name != null) location.name = input.name.trim();
  if (input.externalId !== undefined) location.externalId = input.externalId || null;
  if (input.phone !== undefined) location.phone = input.phone;
  if (input.note !== undefined) location.note = input.note;
  if (input.locale !== undefined) location.locale = input.locale;
  const buyer = input.buyerExperienceConfiguration;
  if (!buyer) return;
  if (buyer.paymentTermsTemplateId !== undefined)
    location.paymentTermsTemplateId = buyer.paymentTermsTemplateId;
  if (buyer.checkoutToDraft != null) location.checkoutToDraft = buyer.checkoutToDraft;
  if (buyer.editableShippingAddress != null) location.editableShippingAddress = buyer.editableShippingAddress;
  if (buyer.depositPercentage !== undefined) location.depositPercentage = buyer.depositPercentage;
}

/** A checked location input becomes a location of `company`. */
function addLocation(store: FakeStore, company: FakeCompany, input: LocationInput): FakeCompanyLocation {
  const now = store.now();
  const shippingAddress = input.shippingAddress ? buildAddress(store, input.shippingAddress) : null;
  // billingSameAsShipping: the billing address copies the shipping one and `billingAddress` is ignored.
  const billingInput = input.billingSameAsShipping ? input.shippingAddress : input.billingAddress;
  const location: FakeCompanyLocation = {
    id: store.nextId('companyLocation'),
    companyId: company.id,
    externalId: null,
    name: '',
    phone: null,
    note: null,
    locale: null,
    shippingAddress,
    billingAddress: billingInput ? buildAddress(store, billingInput) : null,
    paymentTermsTemplateId: null,
    checkoutToDraft: false,
    editableShippingAddress: false,
    depositPercentage: null,
    taxExempt: input.taxExempt ?? false,
    taxExemptions: [...new Set(input.taxExemptions ?? [])],
    taxRegistrationId: input.taxRegistrationId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  applyLocation(location, input);
  store.companyLocations.set(location.id, location);
  return location;
}

/**
 * companyCreate: the company, and optionally its first contact (who becomes the main contact) and first
 * location, all or nothing. Whether Shopify also gives that contact a role at that location is not
 * documented (§4 point 2); the fake gives none, so the portal must assign what it reads back as missing.
 */
export function createCompany(store: FakeStore, input: CompanyCreateInput): Outcome<FakeCompany> {
  const contactInput = input.companyContact;
  const locationInput = input.companyLocation;
  const errors = [
    ...checkCompany(store, input.company, ['input', 'company'], null),
    ...(contactInput ? checkContact(store, contactInput, ['input', 'companyContact'], null) : []),
    ...(locationInput ? checkLocation(store, locationInput, ['input', 'companyLocation'], null) : []),
  ];
  if (errors.length > 0) return refused(errors);
  const now = store.now();
  const company: FakeCompany = {
    id: store.nextId('company'),
    externalId: null,
    name: '',
    note: null,
    customerSince: now,
    mainContactId: null,
    createdAt: now,
    updatedAt: now,
  };
  applyCompany(company, input.company);
  store.companies.set(company.id, company);
  if (contactInput) company.mainContactId = addContact(store, company, contactInput).id;
  if (locationInput) addLocation(store, company, locationInput);
  return done(company);
}

export function updateCompany(
  store: FakeStore,
  id: number | null,
  input: CompanyInput,
): Outcome<FakeCompany> {
  const company = id === null ? undefined : store.companies.get(id);
  if (!company) return refused([notFound(['companyId'])]);
  const errors = checkCompany(store, input, ['input'], company);
  if (errors.length > 0) return refused(errors);
  applyCompany(company, input);
  company.updatedAt = store.now();
  return done(company);
}

export function createLocation(
  store: FakeStore,
  companyId: number | null,
  input: LocationInput,
): Outcome<FakeCompanyLocation> {
  const company = companyId === null ? undefined : store.companies.get(companyId);
  if (!company) return refused([notFound(['companyId'])]);
  const errors = checkLocation(store, input, ['input'], null);
  if (errors.length > 0) return refused(errors);
  return done(addLocation(store, company, input));
}

export function updateLocation(
  store: FakeStore,
  id: number | null,
  input: LocationUpdateInput,
): Outcome<FakeCompanyLocation> {
  const location = id === null ? undefined : store.companyLocations.get(id);
  if (!location) return refused([notFound(['companyLocationId'])]);
  const errors = checkLocation(store, input, ['input'], location);
  if (errors.length > 0) return refused(errors);
  applyLocation(location, input);
  location.updatedAt = store.now();
  return done(location);
}

/** companyLocationAssignAddress: a new address for each type asked (SHIPPING, BILLING), in that order. */
export function assignLocationAddress(
  store: FakeStore,
  id: number | null,
  input: CompanyAddressInput,
  types: ('SHIPPING' | 'BILLING')[],
): Outcome<{ location: FakeCompanyLocation; addresses: FakeCompanyAddress[] }> {
  const location = id === null ? undefined : store.companyLocations.get(id);
  if (!location) return refused([notFound(['locationId'])]);
  const errors = checkAddress(input, ['address']);
  if (errors.length > 0) return refused(errors);
  const addresses = [...new Set(types)].map((type) => {
    const address = buildAddress(store, input);
    if (type === 'SHIPPING') location.shippingAddress = address;
    else location.billingAddress = address;
    return address;
  });
  location.updatedAt = store.now();
  return done({ location, addresses });
}

export interface TaxSettingsChange {
  taxExempt?: boolean | null;
  exemptionsToAssign?: string[] | null;
  exemptionsToRemove?: string[] | null;
  taxRegistrationId?: string | null;
}

/**
 * companyLocationTaxSettingsUpdate. A null argument counts as not given (the portal's document declares every
 * variable); nothing to change at all is NO_INPUT (assumed, §3.6). Exemptions the merchant added and the
 * call does not name stay.
 */
export function updateTaxSettings(
  store: FakeStore,
  id: number | null,
  change: TaxSettingsChange,
): Outcome<FakeCompanyLocation> {
  const location = id === null ? undefined : store.companyLocations.get(id);
  if (!location) return refused([notFound(['companyLocationId'])]);
  const assign = change.exemptionsToAssign ?? [];
  const remove = new Set(change.exemptionsToRemove ?? []);
  if (
    change.taxExempt == null &&
    change.taxRegistrationId == null &&
    assign.length === 0 &&
    remove.size === 0
  ) {
    return refused([noInput('No tax settings to update.')]);
  }
  if (change.taxExempt != null) location.taxExempt = change.taxExempt;
  if (change.taxRegistrationId != null) location.taxRegistrationId = change.taxRegistrationId || null;
  location.taxExemptions = [...new Set([...location.taxExemptions, ...assign])].filter(
    (exemption) => !remove.has(exemption),
  );
  location.updatedAt = store.now();
  return done(location);
}

/**
 * The merchant deletes a company in the Shopify admin (control): its locations and contacts go with it, the
 * contacts' customers stay. Drafts that named it keep their ids and read back without a purchasing entity.
 */
export function deleteCompany(store: FakeStore, id: number): void {
  if (!store.companies.delete(id)) throw new Error(`No company ${id}`);
  for (const location of locationsOf(store, id)) store.companyLocations.delete(location.id);
  for (const contact of store.companyContacts.values()) {
    if (contact.companyId === id) store.companyContacts.delete(contact.id);
  }
}
