/**
 * The documents of B2B companies (docs/plans/shopify-b2b.md §3.1): the store's B2B entitlement, companies with
 * their locations, contacts and role assignments. Part of SHOPIFY_DOCUMENTS (documents.ts), validated with
 * the others. Every userErrors here is a BusinessCustomerUserError, which has a `code`: it is always selected.
 * Mutation payloads select no connection, so ids made by companyCreate are read back with
 * FindCompanyByExternalId.
 */

/** Whether the store has B2B (docs/shopify.md#b2b-companies): Shop.entitlements needs no scope. */
export const SHOP_B2B_ENTITLEMENT = /* GraphQL */ `
  query ShopB2bEntitlement {
    shop {
      entitlements {
        b2b {
          enabled
        }
      }
    }
  }
`;

/** What the portal reads of a company: its roles and its locations with their terms and tax settings. */
const COMPANY_FIELDS = /* GraphQL */ `
  id
  externalId
  name
  mainContact {
    id
  }
  defaultRole {
    id
    name
  }
  contactRoles(first: 10) {
    nodes {
      id
      name
    }
  }
  locations(first: 50) {
    nodes {
      id
      externalId
      name
      phone
      buyerExperienceConfiguration {
        paymentTermsTemplate {
          id
        }
      }
      taxSettings {
        taxExempt
        taxExemptions
        taxRegistrationId
      }
    }
  }
`;

/**
 * A company the portal made, found again by its externalId `portal-company-{id}` (the idempotency key of
 * companyCreate: Shopify refuses a second company with the same externalId, TAKEN). Two, not one: the
 * search is fuzzy; the exact externalId is checked in code. ~436 points.
 */
export const FIND_COMPANY_BY_EXTERNAL_ID = /* GraphQL */ `
  query FindCompanyByExternalId($query: String!) {
    companies(first: 2, query: $query) {
      nodes {
        ${COMPANY_FIELDS}
      }
    }
  }
`;

/**
 * A mapped company by its GID, with the same fields as FindCompanyByExternalId (no search, so no search lag:
 * how a company just created is read back). Null when it is gone (a merchant deleted it). ~217 points.
 */
export const GET_COMPANY = /* GraphQL */ `
  query GetCompany($id: ID!) {
    company(id: $id) {
      ${COMPANY_FIELDS}
    }
  }
`;

/** A company's contacts with their roles per location (up to 50 each), 3 a page (~468 points). */
export const GET_COMPANY_CONTACTS = /* GraphQL */ `
  query GetCompanyContacts($companyId: ID!, $after: String) {
    company(id: $companyId) {
      id
      contacts(first: 3, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          isMainContact
          customer {
            id
            defaultEmailAddress {
              emailAddress
            }
          }
          roleAssignments(first: 50) {
            nodes {
              id
              role {
                id
              }
              companyLocation {
                id
              }
            }
          }
        }
      }
    }
  }
`;

/** An existing customer with this e-mail (companyContactCreate would refuse it: the e-mail is taken). */
export const FIND_CUSTOMER_BY_EMAIL = /* GraphQL */ `
  query FindCustomerByEmail($email: String!) {
    customerByIdentifier(identifier: { emailAddress: $email }) {
      id
      companyContactProfiles {
        id
        company {
          id
        }
      }
    }
  }
`;

/** The company, optionally with its first contact (the main contact) and its first location. */
export const CREATE_COMPANY = /* GraphQL */ `
  mutation CreateCompany($input: CompanyCreateInput!) {
    companyCreate(input: $input) {
      company {
        id
        externalId
        name
        mainContact {
          id
          customer {
            id
          }
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const UPDATE_COMPANY = /* GraphQL */ `
  mutation UpdateCompany($companyId: ID!, $input: CompanyInput!) {
    companyUpdate(companyId: $companyId, input: $input) {
      company {
        id
        externalId
        name
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A location with its addresses, buyer experience and tax settings (all allowed on create). */
export const CREATE_COMPANY_LOCATION = /* GraphQL */ `
  mutation CreateCompanyLocation($companyId: ID!, $input: CompanyLocationInput!) {
    companyLocationCreate(companyId: $companyId, input: $input) {
      companyLocation {
        id
        externalId
        name
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Name, phone and the buyer experience (payment terms template); addresses and taxes have their own mutations. */
export const UPDATE_COMPANY_LOCATION = /* GraphQL */ `
  mutation UpdateCompanyLocation($companyLocationId: ID!, $input: CompanyLocationUpdateInput!) {
    companyLocationUpdate(companyLocationId: $companyLocationId, input: $input) {
      companyLocation {
        id
        externalId
        name
        buyerExperienceConfiguration {
          paymentTermsTemplate {
            id
          }
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const ASSIGN_COMPANY_LOCATION_ADDRESS = /* GraphQL */ `
  mutation AssignCompanyLocationAddress(
    $locationId: ID!
    $address: CompanyAddressInput!
    $addressTypes: [CompanyAddressType!]!
  ) {
    companyLocationAssignAddress(locationId: $locationId, address: $address, addressTypes: $addressTypes) {
      addresses {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Not companyLocationAssignTaxExemptions: deprecated in 2026-10 (NoDeprecatedCustomRule refuses it). */
export const UPDATE_COMPANY_LOCATION_TAX_SETTINGS = /* GraphQL */ `
  mutation UpdateCompanyLocationTaxSettings(
    $companyLocationId: ID!
    $taxExempt: Boolean
    $exemptionsToAssign: [TaxExemption!]
    $exemptionsToRemove: [TaxExemption!]
    $taxRegistrationId: String
  ) {
    companyLocationTaxSettingsUpdate(
      companyLocationId: $companyLocationId
      taxExempt: $taxExempt
      exemptionsToAssign: $exemptionsToAssign
      exemptionsToRemove: $exemptionsToRemove
      taxRegistrationId: $taxRegistrationId
    ) {
      companyLocation {
        id
        taxSettings {
          taxExempt
          taxExemptions
          taxRegistrationId
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Creates the contact and its customer (the e-mail must not belong to a customer yet). */
export const CREATE_COMPANY_CONTACT = /* GraphQL */ `
  mutation CreateCompanyContact($companyId: ID!, $input: CompanyContactInput!) {
    companyContactCreate(companyId: $companyId, input: $input) {
      companyContact {
        id
        customer {
          id
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** An existing customer (found by e-mail) becomes a contact of the company. */
export const ASSIGN_CUSTOMER_AS_CONTACT = /* GraphQL */ `
  mutation AssignCustomerAsContact($companyId: ID!, $customerId: ID!) {
    companyAssignCustomerAsContact(companyId: $companyId, customerId: $customerId) {
      companyContact {
        id
        customer {
          id
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const UPDATE_COMPANY_CONTACT = /* GraphQL */ `
  mutation UpdateCompanyContact($companyContactId: ID!, $input: CompanyContactInput!) {
    companyContactUpdate(companyContactId: $companyContactId, input: $input) {
      companyContact {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A role at each of the given locations (what lets the contact order there). */
export const ASSIGN_CONTACT_ROLES = /* GraphQL */ `
  mutation AssignContactRoles($companyContactId: ID!, $rolesToAssign: [CompanyContactRoleAssign!]!) {
    companyContactAssignRoles(companyContactId: $companyContactId, rolesToAssign: $rolesToAssign) {
      roleAssignments {
        id
        role {
          id
        }
        companyLocation {
          id
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const REVOKE_CONTACT_ROLES = /* GraphQL */ `
  mutation RevokeContactRoles($companyContactId: ID!, $roleAssignmentIds: [ID!]) {
    companyContactRevokeRoles(companyContactId: $companyContactId, roleAssignmentIds: $roleAssignmentIds) {
      revokedRoleAssignmentIds
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A person who left the company: the contact goes, the Shopify customer (and its orders) stays. */
export const REMOVE_CONTACT_FROM_COMPANY = /* GraphQL */ `
  mutation RemoveContactFromCompany($companyContactId: ID!) {
    companyContactRemoveFromCompany(companyContactId: $companyContactId) {
      removedCompanyContactId
      userErrors {
        field
        message
        code
      }
    }
  }
`;
