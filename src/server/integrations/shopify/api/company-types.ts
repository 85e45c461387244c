/*
 * What the portal reads of and sends to Shopify's B2B companies (docs/plans/shopify-b2b.md §1, §3.3). Ids are
 * GID strings (numeric ids are accepted and converted); TaxExemption values are strings such as
 * 'US_TX_RESELLER_EXEMPTION'. Companies, locations and contacts have no tags; contacts have no externalId.
 */

/** A location's tax settings (CompanyLocation.taxSettings; the deprecated taxExemptions field is never read). */
export interface TaxSettings {
  taxExempt: boolean;
  taxExemptions: string[];
  taxRegistrationId: string | null;
}

/** A role a contact may hold at a location. Shopify's admin shows 'Location admin' and 'Ordering only'. */
export interface ShopifyCompanyContactRole {
  id: string;
  name: string;
}

export interface ShopifyCompanyLocation {
  id: string;
  /** `portal-location-{id}` for the locations the portal made. */
  externalId: string | null;
  name: string;
  phone: string | null;
  /** The buyer experience's payment terms template; null when the location pays at checkout. */
  paymentTermsTemplateId: string | null;
  taxSettings: TaxSettings;
}

export interface ShopifyCompany {
  id: string;
  /** `portal-company-{id}` for the companies the portal made. */
  externalId: string | null;
  name: string;
  mainContactId: string | null;
  /** The role Shopify proposes for a contact: the fallback when no role's name matches. */
  defaultRole: ShopifyCompanyContactRole | null;
  /** The company's roles (the first 10). */
  contactRoles: ShopifyCompanyContactRole[];
  /** The first 50 locations. */
  locations: ShopifyCompanyLocation[];
}

/** A contact's role at one location (what lets the contact order there). */
export interface RoleAssignment {
  id: string;
  roleId: string;
  locationId: string;
}

export interface ShopifyCompanyContact {
  id: string;
  /** A contact always is a customer. */
  customerId: string;
  /** The customer's default e-mail, lower-cased (how the portal finds a person's contact); null without one. */
  email: string | null;
  isMainContact: boolean;
  /** The first 10 role assignments. */
  roleAssignments: RoleAssignment[];
}

/** CompanyAddressInput: `zoneCode`, not MailingAddressInput's `provinceCode`. */
export interface CompanyAddressInput {
  address1?: string;
  address2?: string;
  city?: string;
  /** e.g. 'TX', 'ON'. */
  zoneCode?: string;
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  countryCode?: string;
  zip?: string;
  /** E.164, e.g. '+16135551111'. */
  phone?: string;
  firstName?: string;
  lastName?: string;
  /** e.g. 'Receiving Department'. */
  recipient?: string;
}

export type CompanyAddressType = 'SHIPPING' | 'BILLING';

export interface BuyerExperienceInput {
  /** A PaymentTermsTemplate id; null clears it (the location pays at checkout). */
  paymentTermsTemplateId?: string | null;
  /** Checkout makes a draft order for the merchant to review. */
  checkoutToDraft?: boolean;
  editableShippingAddress?: boolean;
}

/** CompanyContactInput. The e-mail is unique: one that belongs to a customer already is refused on create. */
export interface CompanyContactInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  title?: string | null;
  locale?: string;
}

/** CompanyLocationUpdateInput: no addresses, no tax fields (assignCompanyLocationAddress, …TaxSettings). */
export interface CompanyLocationUpdateInput {
  name?: string;
  externalId?: string;
  phone?: string | null;
  note?: string | null;
  locale?: string;
  buyerExperienceConfiguration?: BuyerExperienceInput;
}

/** CompanyLocationInput: on create, the addresses and the tax settings too. */
export interface CompanyLocationInput extends CompanyLocationUpdateInput {
  shippingAddress?: CompanyAddressInput;
  billingAddress?: CompanyAddressInput;
  /** When true, Shopify ignores billingAddress and copies the shipping address. */
  billingSameAsShipping?: boolean;
  taxExempt?: boolean;
  taxExemptions?: string[];
  taxRegistrationId?: string;
}

/** CompanyCreateInput: the company, its first contact (the main contact) and its first location. */
export interface CompanyCreateInput {
  company: { name: string; externalId?: string; note?: string; customerSince?: string };
  /** Creates the customer too: its e-mail must not belong to a customer yet. */
  companyContact?: CompanyContactInput;
  companyLocation?: CompanyLocationInput;
}
