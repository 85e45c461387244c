import { z } from 'zod';
import type { ShopifyOperation } from './client';
import * as documents from './documents-companies';
import { codedUserError, MUTATION_COST, pageInfo, SMALL_QUERY_COST } from './operations-shared';

/*
 * The B2B companies' documents (documents-companies.ts) with the zod schema of their `data`, strict like the
 * others (operations.ts). Every payload's userErrors are BusinessCustomerUserErrors, with a code.
 */

const ref = z.strictObject({ id: z.string() });
const role = z.strictObject({ id: z.string(), name: z.string() });
const taxSettings = z.strictObject({
  taxExempt: z.boolean(),
  taxExemptions: z.array(z.string()),
  taxRegistrationId: z.string().nullable(),
});
const buyerExperience = z.strictObject({ paymentTermsTemplate: ref.nullable() }).nullable();
const roleAssignment = z.strictObject({ id: z.string(), role: ref, companyLocation: ref });

/** A mutation's payload: its fields and the coded userErrors; null when Shopify refused the field. */
function payload<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ ...shape, userErrors: z.array(codedUserError) }).nullable();
}

const shopB2bEntitlementData = z.strictObject({
  shop: z.strictObject({
    entitlements: z.strictObject({ b2b: z.strictObject({ enabled: z.boolean() }) }),
  }),
});

/** A company as FindCompanyByExternalId and GetCompany select it. */
const company = z.strictObject({
  id: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  mainContact: ref.nullable(),
  defaultRole: role.nullable(),
  contactRoles: z.strictObject({ nodes: z.array(role) }),
  locations: z.strictObject({
    nodes: z.array(
      z.strictObject({
        id: z.string(),
        externalId: z.string().nullable(),
        name: z.string(),
        phone: z.string().nullable(),
        buyerExperienceConfiguration: buyerExperience,
        taxSettings,
      }),
    ),
  }),
});

const findCompanyByExternalIdData = z.strictObject({
  companies: z.strictObject({ nodes: z.array(company) }),
});

const getCompanyData = z.strictObject({ company: company.nullable() });

const getCompanyContactsData = z.strictObject({
  company: z
    .strictObject({
      id: z.string(),
      contacts: z.strictObject({
        pageInfo,
        nodes: z.array(
          z.strictObject({
            id: z.string(),
            isMainContact: z.boolean(),
            customer: z.strictObject({
              id: z.string(),
              defaultEmailAddress: z.strictObject({ emailAddress: z.string() }).nullable(),
            }),
            roleAssignments: z.strictObject({ nodes: z.array(roleAssignment) }),
          }),
        ),
      }),
    })
    .nullable(),
});

const findCustomerByEmailData = z.strictObject({
  customerByIdentifier: z
    .strictObject({
      id: z.string(),
      companyContactProfiles: z.array(z.strictObject({ id: z.string(), company: ref })),
    })
    .nullable(),
});

const createCompanyData = z.strictObject({
  companyCreate: payload({
    company: z
      .strictObject({
        id: z.string(),
        externalId: z.string().nullable(),
        name: z.string(),
        mainContact: z.strictObject({ id: z.string(), customer: ref }).nullable(),
      })
      .nullable(),
  }),
});

const updateCompanyData = z.strictObject({
  companyUpdate: payload({
    company: z
      .strictObject({ id: z.string(), externalId: z.string().nullable(), name: z.string() })
      .nullable(),
  }),
});

const createCompanyLocationData = z.strictObject({
  companyLocationCreate: payload({
    companyLocation: z
      .strictObject({ id: z.string(), externalId: z.string().nullable(), name: z.string() })
      .nullable(),
  }),
});

const updateCompanyLocationData = z.strictObject({
  companyLocationUpdate: payload({
    companyLocation: z
      .strictObject({
        id: z.string(),
        externalId: z.string().nullable(),
        name: z.string(),
        buyerExperienceConfiguration: buyerExperience,
      })
      .nullable(),
  }),
});

const assignCompanyLocationAddressData = z.strictObject({
  companyLocationAssignAddress: payload({ addresses: z.array(ref).nullable() }),
});

const updateCompanyLocationTaxSettingsData = z.strictObject({
  companyLocationTaxSettingsUpdate: payload({
    companyLocation: z.strictObject({ id: z.string(), taxSettings }).nullable(),
  }),
});

const contactWithCustomer = z.strictObject({ id: z.string(), customer: ref }).nullable();

const createCompanyContactData = z.strictObject({
  companyContactCreate: payload({ companyContact: contactWithCustomer }),
});

const assignCustomerAsContactData = z.strictObject({
  companyAssignCustomerAsContact: payload({ companyContact: contactWithCustomer }),
});

const updateCompanyContactData = z.strictObject({
  companyContactUpdate: payload({ companyContact: ref.nullable() }),
});

const assignContactRolesData = z.strictObject({
  companyContactAssignRoles: payload({ roleAssignments: z.array(roleAssignment).nullable() }),
});

const revokeContactRolesData = z.strictObject({
  companyContactRevokeRoles: payload({ revokedRoleAssignmentIds: z.array(z.string()).nullable() }),
});

const removeContactFromCompanyData = z.strictObject({
  companyContactRemoveFromCompany: payload({ removedCompanyContactId: z.string().nullable() }),
});

/** A company: 3 objects + contactRoles(first: 10) + locations(first: 50) × 4 objects = 217 points. */
export const COMPANY_COST = 3 + (2 + 10) + (2 + 50 * 4);
/** companies(first: 2) × a company = 436. */
export const FIND_COMPANY_COST = 2 + 2 * COMPANY_COST;
/**
 * company + contacts(first: 3) × (3 objects + roleAssignments(first: 50) × 3 objects) = 468: an owner holds a
 * role at each of up to 50 locations (the locations a company read gives), all read in one page; 3 contacts
 * a page keep the query's cost near a company read's.
 */
export const COMPANY_CONTACTS_COST = 1 + 2 + 3 * (3 + 2 + 50 * 3);

const mutation = <T>(name: string, document: string, data: z.ZodType<T>): ShopifyOperation<T> => ({
  name,
  document,
  data,
  estimatedCost: MUTATION_COST,
});

export const companyOperations = {
  shopB2bEntitlement: {
    name: 'ShopB2bEntitlement',
    document: documents.SHOP_B2B_ENTITLEMENT,
    data: shopB2bEntitlementData,
    estimatedCost: SMALL_QUERY_COST,
  },
  findCompanyByExternalId: {
    name: 'FindCompanyByExternalId',
    document: documents.FIND_COMPANY_BY_EXTERNAL_ID,
    data: findCompanyByExternalIdData,
    estimatedCost: FIND_COMPANY_COST,
  },
  getCompany: {
    name: 'GetCompany',
    document: documents.GET_COMPANY,
    data: getCompanyData,
    estimatedCost: COMPANY_COST,
  },
  getCompanyContacts: {
    name: 'GetCompanyContacts',
    document: documents.GET_COMPANY_CONTACTS,
    data: getCompanyContactsData,
    estimatedCost: COMPANY_CONTACTS_COST,
  },
  findCustomerByEmail: {
    name: 'FindCustomerByEmail',
    document: documents.FIND_CUSTOMER_BY_EMAIL,
    data: findCustomerByEmailData,
    estimatedCost: SMALL_QUERY_COST,
  },
  createCompany: mutation('CreateCompany', documents.CREATE_COMPANY, createCompanyData),
  updateCompany: mutation('UpdateCompany', documents.UPDATE_COMPANY, updateCompanyData),
  createCompanyLocation: mutation(
    'CreateCompanyLocation',
    documents.CREATE_COMPANY_LOCATION,
    createCompanyLocationData,
  ),
  updateCompanyLocation: mutation(
    'UpdateCompanyLocation',
    documents.UPDATE_COMPANY_LOCATION,
    updateCompanyLocationData,
  ),
  assignCompanyLocationAddress: mutation(
    'AssignCompanyLocationAddress',
    documents.ASSIGN_COMPANY_LOCATION_ADDRESS,
    assignCompanyLocationAddressData,
  ),
  updateCompanyLocationTaxSettings: mutation(
    'UpdateCompanyLocationTaxSettings',
    documents.UPDATE_COMPANY_LOCATION_TAX_SETTINGS,
    updateCompanyLocationTaxSettingsData,
  ),
  createCompanyContact: mutation(
    'CreateCompanyContact',
    documents.CREATE_COMPANY_CONTACT,
    createCompanyContactData,
  ),
  assignCustomerAsContact: mutation(
    'AssignCustomerAsContact',
    documents.ASSIGN_CUSTOMER_AS_CONTACT,
    assignCustomerAsContactData,
  ),
  updateCompanyContact: mutation(
    'UpdateCompanyContact',
    documents.UPDATE_COMPANY_CONTACT,
    updateCompanyContactData,
  ),
  assignContactRoles: mutation('AssignContactRoles', documents.ASSIGN_CONTACT_ROLES, assignContactRolesData),
  revokeContactRoles: mutation('RevokeContactRoles', documents.REVOKE_CONTACT_ROLES, revokeContactRolesData),
  removeContactFromCompany: mutation(
    'RemoveContactFromCompany',
    documents.REMOVE_CONTACT_FROM_COMPANY,
    removeContactFromCompanyData,
  ),
} satisfies Record<string, ShopifyOperation<unknown>>;

export type CompanyNode = z.infer<typeof company>;
export type ContactNode = NonNullable<
  z.infer<typeof getCompanyContactsData>['company']
>['contacts']['nodes'][number];
export type RoleAssignmentNode = z.infer<typeof roleAssignment>;
