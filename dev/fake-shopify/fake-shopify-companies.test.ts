import {
  getOperationAST,
  isNonNullType,
  isObjectType,
  OperationTypeNode,
  parse,
  type FieldNode,
} from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SHOPIFY_DOCUMENTS,
  type ShopifyOperationName,
} from '../../src/server/integrations/shopify/documents';
import { EXAMPLE_VARIABLES } from '../../src/server/integrations/shopify/documents-test-support';
import { startFakeShopify, type FakeShopify } from './fake-shopify';
import { at, postGraphql, queryData } from './fake-store-test-support';
import { toGid } from './gid';
import { loadAdminSchema, requiredAccessOf } from './schema';

/*
 * B2B companies in the fake store (docs/plans/shopify-b2b.md §3.6, §3.7): companies, locations, contacts and
 * their customers, roles, the refusals with their exact field and code, the ACCESS_DENIED answers of a shop
 * without B2B (or of an app without the scope), and drafts made out to a company location.
 */

let fake: FakeShopify;
beforeEach(async () => {
  fake = await startFakeShopify({ now: () => Date.parse('2026-11-22T15:30:00Z') });
});
afterEach(async () => {
  await fake.close();
});

const docs = SHOPIFY_DOCUMENTS;
const NET_30 = 'gid://shopify/PaymentTermsTemplate/4';
const NET_60 = 'gid://shopify/PaymentTermsTemplate/5';
const WRITE_ACCESS =
  '`write_customers` access scope or `write_companies` access scope. Also: The shop must have access to B2B. Some operations may require additional plan capabilities.';
const READ_ACCESS = WRITE_ACCESS.replace('`write_customers`', '`read_customers`').replace(
  '`write_companies`',
  '`read_companies`',
);
const SHIPPING = {
  address1: '1 Main St',
  address2: 'Unit 4',
  city: 'Austin',
  zoneCode: 'TX',
  countryCode: 'US',
  zip: '78701',
  recipient: 'Receiving',
};

type Input = Record<string, unknown>;

/** The CreateCompany input of portal company `n`: company, main contact and first location. */
function companyInput(
  n: number,
  parts: { company?: Input; companyContact?: Input; companyLocation?: Input } = {},
) {
  return {
    company: { name: `Acme ${n}`, externalId: `portal-company-${n}`, ...parts.company },
    companyContact: {
      email: `ada${n}@acme.example`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      ...parts.companyContact,
    },
    companyLocation: {
      name: 'Main location',
      externalId: `portal-location-${n}`,
      shippingAddress: SHIPPING,
      billingSameAsShipping: true,
      ...parts.companyLocation,
    },
  };
}

/** The root field's payload of a document. */
async function send(document: string, variables: Input = {}): Promise<unknown> {
  return Object.values(await queryData(fake, document, variables))[0];
}

async function createCompany(n: number, parts: Parameters<typeof companyInput>[1] = {}) {
  const payload = await send(docs.CreateCompany, { input: companyInput(n, parts) });
  expect(at(payload, 'userErrors')).toEqual([]);
  const companyId = String(at(payload, 'company', 'id'));
  const company = fake.control.companies().find((candidate) => candidate.id === companyId);
  return {
    companyId,
    contactId: String(at(payload, 'company', 'mainContact', 'id')),
    customerId: String(at(payload, 'company', 'mainContact', 'customer', 'id')),
    locationId: company?.locations[0]?.id ?? '',
  };
}

const roleId = (name: string) =>
  toGid(
    'CompanyContactRole',
    [...fake.store.contactRoles.values()].find((role) => role.name === name)?.id ?? 0,
  );

const assignRole = (contactId: string, locationId: string, role = 'Ordering only') =>
  send(docs.AssignContactRoles, {
    companyContactId: contactId,
    rolesToAssign: [{ companyContactRoleId: roleId(role), companyLocationId: locationId }],
  });

const COMPANY_DETAIL = `query($id: ID!) { company(id: $id) {
  id externalId name note
  mainContact { id isMainContact customer { id firstName lastName defaultEmailAddress { emailAddress } } }
  defaultRole { name } contactRoles(first: 10) { nodes { name } }
  contactsCount { count } locationsCount { count }
  locations(first: 5) { nodes { id externalId name phone currency
    shippingAddress { address1 address2 city zoneCode countryCode zip recipient companyName country }
    billingAddress { address1 zoneCode recipient }
    buyerExperienceConfiguration { checkoutToDraft editableShippingAddress paymentTermsTemplate { id name } }
    taxSettings { taxExempt taxExemptions taxRegistrationId } taxExemptions } } } }`;

describe('companyCreate', () => {
  it('makes the company, its main contact (a new customer) and its location with addresses and settings', async () => {
    const payload = await send(docs.CreateCompany, {
      input: companyInput(12, {
        company: { note: 'Wholesale portal company 12' },
        companyContact: { email: 'Ada@Acme.example' },
        companyLocation: {
          phone: '+14165550100',
          // Ignored: billingSameAsShipping wins.
          billingAddress: { address1: '9 Other Rd', countryCode: 'CA', zoneCode: 'ON' },
          buyerExperienceConfiguration: { paymentTermsTemplateId: NET_30, checkoutToDraft: true },
          taxExempt: true,
          taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
          taxRegistrationId: 'TX-123456',
        },
      }),
    });
    expect(at(payload, 'userErrors')).toEqual([]);
    const company = at(
      await queryData(fake, COMPANY_DETAIL, { id: at(payload, 'company', 'id') }),
      'company',
    );
    expect(company).toMatchObject({
      externalId: 'portal-company-12',
      name: 'Acme 12',
      note: 'Wholesale portal company 12',
      mainContact: {
        isMainContact: true,
        customer: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          defaultEmailAddress: { emailAddress: 'Ada@Acme.example' },
        },
      },
      defaultRole: { name: 'Ordering only' },
      contactRoles: { nodes: [{ name: 'Location admin' }, { name: 'Ordering only' }] },
      contactsCount: { count: 1 },
      locationsCount: { count: 1 },
    });
    const address = { ...SHIPPING, companyName: 'Acme 12', country: 'United States' };
    expect(at(company, 'locations', 'nodes')).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/CompanyLocation\/\d+$/),
        externalId: 'portal-location-12',
        name: 'Main location',
        phone: '+14165550100',
        currency: 'USD',
        shippingAddress: address,
        billingAddress: { address1: '1 Main St', zoneCode: 'TX', recipient: 'Receiving' },
        buyerExperienceConfiguration: {
          checkoutToDraft: true,
          editableShippingAddress: false,
          paymentTermsTemplate: { id: NET_30, name: 'Net 30' },
        },
        taxSettings: {
          taxExempt: true,
          taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
          taxRegistrationId: 'TX-123456',
        },
        taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
      },
    ]);
    expect([...fake.store.customers.values()].map((customer) => customer.email)).toEqual([
      'Ada@Acme.example',
    ]);
  });

  it('refuses a missing or blank name with BLANK, creating nothing', async () => {
    for (const name of [undefined, '  ']) {
      const payload = await send(docs.CreateCompany, { input: companyInput(1, { company: { name } }) });
      expect(payload).toEqual({
        company: null,
        userErrors: [{ field: ['input', 'company', 'name'], message: "Name can't be blank", code: 'BLANK' }],
      });
    }
    expect(fake.control.companies()).toEqual([]);
    expect(fake.store.customers.size).toBe(0);
  });

  it('refuses a taken externalId with TAKEN, all or nothing: no contact, customer or location either', async () => {
    await createCompany(1);
    const payload = await send(docs.CreateCompany, {
      input: companyInput(2, { company: { externalId: 'portal-company-1' } }),
    });
    expect(payload).toEqual({
      company: null,
      userErrors: [
        {
          field: ['input', 'company', 'externalId'],
          message: 'External Id has already been taken',
          code: 'TAKEN',
        },
      ],
    });
    expect(fake.control.companies()).toHaveLength(1);
    expect(fake.store.customers.size).toBe(1);
    expect(fake.store.companyLocations.size).toBe(1);
  });

  it("refuses a location externalId or contact e-mail that is taken, at the nested input's field", async () => {
    await createCompany(1);
    const payload = await send(docs.CreateCompany, {
      input: companyInput(2, {
        companyContact: { email: 'ADA1@acme.example' },
        companyLocation: { externalId: 'portal-location-1' },
      }),
    });
    expect(at(payload, 'userErrors')).toEqual([
      { field: ['input', 'companyContact', 'email'], message: 'Email has already been taken', code: 'TAKEN' },
      {
        field: ['input', 'companyLocation', 'externalId'],
        message: 'External Id has already been taken',
        code: 'TAKEN',
      },
    ]);
    expect(fake.control.companies()).toHaveLength(1);
  });

  it('refuses a payment terms template the store lacks and a deposit outside 1–99', async () => {
    const payload = await send(docs.CreateCompany, {
      input: companyInput(1, {
        companyLocation: {
          buyerExperienceConfiguration: {
            paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/99',
            deposit: { percentage: 100 },
          },
        },
      }),
    });
    const at_ = ['input', 'companyLocation', 'buyerExperienceConfiguration'];
    expect(at(payload, 'userErrors')).toEqual([
      {
        field: [...at_, 'paymentTermsTemplateId'],
        message: 'Resource requested does not exist.',
        code: 'RESOURCE_NOT_FOUND',
      },
      {
        field: [...at_, 'deposit', 'percentage'],
        message: 'Deposit percentage must be between 1 and 99.',
        code: 'INVALID',
      },
    ]);
  });
});

describe('reads by id', () => {
  it('answers company, companyLocation, companyContact, companyContactRole and node', async () => {
    const ids = await createCompany(1);
    const role = roleId('Location admin');
    const data = await queryData(
      fake,
      `query($company: ID!, $location: ID!, $contact: ID!, $role: ID!) {
        company(id: $company) { name }
        companyLocation(id: $location) { name company { id } }
        companyContact(id: $contact) { isMainContact customer { id } company { id } }
        companyContactRole(id: $role) { name }
        node(id: $location) { ... on CompanyLocation { externalId } } }`,
      { company: ids.companyId, location: ids.locationId, contact: ids.contactId, role },
    );
    expect(data).toEqual({
      company: { name: 'Acme 1' },
      companyLocation: { name: 'Main location', company: { id: ids.companyId } },
      companyContact: {
        isMainContact: true,
        customer: { id: ids.customerId },
        company: { id: ids.companyId },
      },
      companyContactRole: { name: 'Location admin' },
      node: { externalId: 'portal-location-1' },
    });
  });
});

describe('company and location updates', () => {
  it('companyUpdate renames; a name blank or an externalId of another company is refused', async () => {
    const first = await createCompany(1);
    await createCompany(2);
    expect(
      await send(docs.UpdateCompany, { companyId: first.companyId, input: { name: 'Acme LLC' } }),
    ).toEqual({
      company: { id: first.companyId, externalId: 'portal-company-1', name: 'Acme LLC' },
      userErrors: [],
    });
    const refused = await send(docs.UpdateCompany, {
      companyId: first.companyId,
      input: { name: '', externalId: 'portal-company-2' },
    });
    expect(at(refused, 'userErrors')).toEqual([
      { field: ['input', 'name'], message: "Name can't be blank", code: 'BLANK' },
      { field: ['input', 'externalId'], message: 'External Id has already been taken', code: 'TAKEN' },
    ]);
  });

  it('companyLocationCreate refuses an externalId another location has, anywhere in the shop', async () => {
    await createCompany(1);
    const { companyId } = await createCompany(2);
    const refused = await send(docs.CreateCompanyLocation, {
      companyId,
      input: { name: 'Warehouse', externalId: 'portal-location-1' },
    });
    expect(at(refused, 'userErrors')).toEqual([
      { field: ['input', 'externalId'], message: 'External Id has already been taken', code: 'TAKEN' },
    ]);
    const made = await send(docs.CreateCompanyLocation, {
      companyId,
      input: {
        name: 'Warehouse',
        externalId: 'portal-location-3',
        shippingAddress: SHIPPING,
        billingSameAsShipping: true,
      },
    });
    expect(at(made, 'companyLocation', 'externalId')).toBe('portal-location-3');
    expect(fake.control.companies()[1]?.locations.map((location) => location.name)).toEqual([
      'Main location',
      'Warehouse',
    ]);
  });

  it("sets and clears the location's payment terms template (buyerExperienceConfiguration)", async () => {
    const { locationId } = await createCompany(1);
    const set = await send(docs.UpdateCompanyLocation, {
      companyLocationId: locationId,
      input: {
        name: 'Warehouse 2',
        phone: '+15125550100',
        buyerExperienceConfiguration: { paymentTermsTemplateId: NET_60 },
      },
    });
    expect(set).toEqual({
      companyLocation: {
        id: locationId,
        externalId: 'portal-location-1',
        name: 'Warehouse 2',
        buyerExperienceConfiguration: { paymentTermsTemplate: { id: NET_60 } },
      },
      userErrors: [],
    });
    expect(fake.control.companies()[0]?.locations[0]?.paymentTermsTemplate).toEqual({
      id: NET_60,
      name: 'Net 60',
    });
    const cleared = await send(docs.UpdateCompanyLocation, {
      companyLocationId: locationId,
      input: { buyerExperienceConfiguration: { paymentTermsTemplateId: null } },
    });
    expect(at(cleared, 'companyLocation', 'buyerExperienceConfiguration')).toEqual({
      paymentTermsTemplate: null,
    });
  });

  it('companyLocationAssignAddress replaces the shipping address only (zoneCode, countryCode, recipient)', async () => {
    const { locationId } = await createCompany(1);
    const payload = await send(docs.AssignCompanyLocationAddress, {
      locationId,
      address: {
        address1: '5 Bay St',
        city: 'Toronto',
        zoneCode: 'ON',
        countryCode: 'CA',
        zip: 'M5J 2N8',
        recipient: 'Dock 3',
      },
      addressTypes: ['SHIPPING'],
    });
    expect(payload).toEqual({
      addresses: [{ id: expect.stringMatching(/^gid:\/\/shopify\/CompanyAddress\/\d+$/) }],
      userErrors: [],
    });
    const location = fake.control.companies()[0]?.locations[0];
    expect(location?.shippingAddress).toMatchObject({
      address1: '5 Bay St',
      zoneCode: 'ON',
      countryCode: 'CA',
      recipient: 'Dock 3',
    });
    expect(location?.billingAddress).toMatchObject({ address1: '1 Main St', zoneCode: 'TX' });
    const blank = await send(docs.AssignCompanyLocationAddress, {
      locationId,
      address: { city: 'Toronto' },
      addressTypes: ['BILLING'],
    });
    expect(at(blank, 'userErrors')).toEqual([
      { field: ['address', 'address1'], message: "Address1 can't be blank", code: 'BLANK' },
      { field: ['address', 'countryCode'], message: "Country Code can't be blank", code: 'BLANK' },
    ]);
  });

  it('companyLocationTaxSettingsUpdate assigns and removes exemptions, keeps the others, and wants some input', async () => {
    const { locationId } = await createCompany(1);
    const update = (variables: Input) =>
      send(docs.UpdateCompanyLocationTaxSettings, { companyLocationId: locationId, ...variables });
    await update({ exemptionsToAssign: ['CA_BC_RESELLER_EXEMPTION'] }); // a merchant's own
    const assigned = await update({
      taxExempt: true,
      exemptionsToAssign: ['US_TX_RESELLER_EXEMPTION'],
      exemptionsToRemove: [],
      taxRegistrationId: 'TX-123456',
    });
    expect(at(assigned, 'companyLocation', 'taxSettings')).toEqual({
      taxExempt: true,
      taxExemptions: ['CA_BC_RESELLER_EXEMPTION', 'US_TX_RESELLER_EXEMPTION'],
      taxRegistrationId: 'TX-123456',
    });
    const removed = await update({ exemptionsToRemove: ['US_TX_RESELLER_EXEMPTION'] });
    expect(at(removed, 'companyLocation', 'taxSettings', 'taxExemptions')).toEqual([
      'CA_BC_RESELLER_EXEMPTION',
    ]);
    expect(fake.control.companies()[0]?.locations[0]?.taxExemptions).toEqual(['CA_BC_RESELLER_EXEMPTION']);
    expect(await update({ taxExempt: null, exemptionsToAssign: [], exemptionsToRemove: [] })).toEqual({
      companyLocation: null,
      userErrors: [{ field: null, message: 'No tax settings to update.', code: 'NO_INPUT' }],
    });
  });
});

describe('companies(query:)', () => {
  it('finds a company by external_id exactly, and reports an unknown filter field like the other searches', async () => {
    await createCompany(1);
    await createCompany(12);
    const found = await queryData(fake, docs.FindCompanyByExternalId, {
      query: "external_id:'portal-company-1'",
    });
    expect(at(found, 'companies', 'nodes')).toMatchObject([
      {
        externalId: 'portal-company-1',
        name: 'Acme 1',
        defaultRole: { name: 'Ordering only' },
        contactRoles: { nodes: [{ name: 'Location admin' }, { name: 'Ordering only' }] },
        locations: { nodes: [{ externalId: 'portal-location-1' }] },
      },
    ]);
    const unknown = await postGraphql(fake, '{ companies(first: 5, query: "colour:red") { nodes { id } } }');
    expect(at(unknown.body.data, 'companies', 'nodes')).toHaveLength(2);
    expect(unknown.body.extensions?.search).toEqual([
      {
        path: ['companies'],
        query: 'colour:red',
        warnings: [{ field: 'colour', message: 'Invalid search field for this query.' }],
      },
    ]);
  });
});

describe('contacts and roles', () => {
  it('companyContactCreate makes a customer that customerByIdentifier finds; a taken e-mail is refused', async () => {
    const { companyId } = await createCompany(1);
    const created = await send(docs.CreateCompanyContact, {
      companyId,
      input: { email: 'bo@acme.example', firstName: 'Bo', lastName: 'Buyer' },
    });
    const contactId = String(at(created, 'companyContact', 'id'));
    const found = await send(docs.FindCustomerByEmail, { email: 'BO@acme.example' });
    expect(found).toEqual({
      id: at(created, 'companyContact', 'customer', 'id'),
      companyContactProfiles: [{ id: contactId, company: { id: companyId } }],
    });
    expect(await send(docs.FindCustomerByEmail, { email: 'nobody@acme.example' })).toBeNull();
    const taken = await send(docs.CreateCompanyContact, { companyId, input: { email: 'bo@acme.example' } });
    expect(taken).toEqual({
      companyContact: null,
      userErrors: [{ field: ['input', 'email'], message: 'Email has already been taken', code: 'TAKEN' }],
    });
    const renamed = await send(docs.UpdateCompanyContact, {
      companyContactId: contactId,
      input: { lastName: 'Buyer-Smith' },
    });
    expect(renamed).toEqual({ companyContact: { id: contactId }, userErrors: [] });
    expect(fake.control.companies()[0]?.contacts[1]).toMatchObject({
      email: 'bo@acme.example',
      lastName: 'Buyer-Smith',
    });
  });

  it('companyAssignCustomerAsContact makes an existing customer a contact, once per company', async () => {
    const { companyId } = await createCompany(1);
    const customer = fake.control.addCustomer({ email: 'cy@shop.example', firstName: 'Cy' });
    const assigned = await send(docs.AssignCustomerAsContact, { companyId, customerId: customer.id });
    expect(at(assigned, 'companyContact', 'customer', 'id')).toBe(customer.id);
    expect(await send(docs.AssignCustomerAsContact, { companyId, customerId: customer.id })).toEqual({
      companyContact: null,
      userErrors: [{ field: ['customerId'], message: 'Customer Id has already been taken', code: 'TAKEN' }],
    });
  });

  it("assigns a role per location, refuses a duplicate, another company's location or an unknown role, and revokes", async () => {
    const { companyId, contactId, locationId } = await createCompany(1);
    const other = await createCompany(2);
    const assigned = await assignRole(contactId, locationId, 'Location admin');
    expect(assigned).toEqual({
      roleAssignments: [
        {
          id: expect.stringMatching(/^gid:\/\/shopify\/CompanyContactRoleAssignment\/\d+$/),
          role: { id: roleId('Location admin') },
          companyLocation: { id: locationId },
        },
      ],
      userErrors: [],
    });
    const field = ['rolesToAssign', '0', 'companyLocationId'];
    expect(at(await assignRole(contactId, locationId), 'userErrors')).toEqual([
      { field, message: 'Company Location Id has already been taken', code: 'TAKEN' },
    ]);
    expect(at(await assignRole(contactId, other.locationId), 'userErrors')).toEqual([
      { field, message: "The location does not belong to the contact's company.", code: 'INVALID' },
    ]);
    const unknownRole = await send(docs.AssignContactRoles, {
      companyContactId: contactId,
      rolesToAssign: [
        { companyContactRoleId: 'gid://shopify/CompanyContactRole/9', companyLocationId: locationId },
      ],
    });
    expect(at(unknownRole, 'userErrors')).toEqual([
      {
        field: ['rolesToAssign', '0', 'companyContactRoleId'],
        message: 'Resource requested does not exist.',
        code: 'RESOURCE_NOT_FOUND',
      },
    ]);
    expect(fake.control.companies()[0]?.contacts[0]?.roles).toEqual([
      {
        id: at(assigned, 'roleAssignments', 0, 'id'),
        role: 'Location admin',
        locationId,
        location: 'Main location',
      },
    ]);

    const contacts = await queryData(fake, docs.GetCompanyContacts, { companyId, after: null });
    const assignmentId = at(contacts, 'company', 'contacts', 'nodes', 0, 'roleAssignments', 'nodes', 0, 'id');
    expect(assignmentId).toBe(at(assigned, 'roleAssignments', 0, 'id'));
    expect(
      await send(docs.RevokeContactRoles, { companyContactId: contactId, roleAssignmentIds: [assignmentId] }),
    ).toEqual({
      revokedRoleAssignmentIds: [assignmentId],
      userErrors: [],
    });
    expect(fake.control.companies()[0]?.contacts[0]?.roles).toEqual([]);
  });

  it('companyContactRemoveFromCompany removes the contact and its roles; the customer stays', async () => {
    const { companyId, contactId, customerId, locationId } = await createCompany(1);
    await assignRole(contactId, locationId);
    expect(await send(docs.RemoveContactFromCompany, { companyContactId: contactId })).toEqual({
      removedCompanyContactId: contactId,
      userErrors: [],
    });
    expect(fake.control.companies()[0]?.contacts).toEqual([]);
    expect(at(await queryData(fake, COMPANY_DETAIL, { id: companyId }), 'company', 'mainContact')).toBeNull();
    expect(await send(docs.FindCustomerByEmail, { email: 'ada1@acme.example' })).toEqual({
      id: customerId,
      companyContactProfiles: [],
    });
  });

  it('answers RESOURCE_NOT_FOUND at the argument for ids that name nothing (unknown, or of another type)', async () => {
    const { companyId } = await createCompany(1);
    const missing = {
      company: 'gid://shopify/Company/1',
      location: 'gid://shopify/CompanyLocation/1',
      contact: 'gid://shopify/CompanyContact/1',
    };
    const cases: [ShopifyOperationName, Input, string][] = [
      ['UpdateCompany', { companyId: missing.company, input: { name: 'X' } }, 'companyId'],
      ['CreateCompanyLocation', { companyId: missing.location, input: { name: 'X' } }, 'companyId'],
      [
        'UpdateCompanyLocation',
        { companyLocationId: missing.location, input: { name: 'X' } },
        'companyLocationId',
      ],
      [
        'AssignCompanyLocationAddress',
        { locationId: missing.company, address: SHIPPING, addressTypes: ['SHIPPING'] },
        'locationId',
      ],
      [
        'UpdateCompanyLocationTaxSettings',
        { companyLocationId: missing.location, taxExempt: true },
        'companyLocationId',
      ],
      [
        'CreateCompanyContact',
        { companyId: missing.company, input: { email: 'x@acme.example' } },
        'companyId',
      ],
      ['AssignCustomerAsContact', { companyId, customerId: 'gid://shopify/Customer/1' }, 'customerId'],
      [
        'UpdateCompanyContact',
        { companyContactId: missing.contact, input: { title: 'X' } },
        'companyContactId',
      ],
      ['AssignContactRoles', { companyContactId: missing.contact, rolesToAssign: [] }, 'companyContactId'],
      [
        'RevokeContactRoles',
        { companyContactId: missing.contact, roleAssignmentIds: [] },
        'companyContactId',
      ],
      ['RemoveContactFromCompany', { companyContactId: missing.contact }, 'companyContactId'],
    ];
    for (const [name, variables, field] of cases) {
      expect(at(await send(docs[name], variables), 'userErrors'), name).toEqual([
        { field: [field], message: 'Resource requested does not exist.', code: 'RESOURCE_NOT_FOUND' },
      ]);
    }
    const noGid = await postGraphql(fake, docs.RemoveContactFromCompany, { companyContactId: '9001' });
    expect(noGid.body.errors?.[0]?.message).toBe("Invalid global id '9001'");
  });
});

/** The root field of a document and the type that holds it (QueryRoot or Mutation). */
function rootFieldOf(document: string): [string, string] {
  const operation = getOperationAST(parse(document));
  const field = operation?.selectionSet.selections[0] as FieldNode;
  return [operation?.operation === OperationTypeNode.MUTATION ? 'Mutation' : 'QueryRoot', field.name.value];
}

const ACCESS_DENIED = (field: string, requiredAccess: string) => ({
  message: `Access denied for ${field} field. Required access: ${requiredAccess}`,
  path: [field],
  extensions: {
    code: 'ACCESS_DENIED',
    documentation: 'https://shopify.dev/api/usage/access-scopes',
    requiredAccess,
  },
});

/** Sends every portal document whose root field needs B2B, with its example variables; answers by name. */
async function sendB2bDocuments() {
  const answers = new Map<ShopifyOperationName, Awaited<ReturnType<typeof postGraphql>>['body']>();
  for (const [name, document] of Object.entries(docs) as [ShopifyOperationName, string][]) {
    const [type, field] = rootFieldOf(document);
    if (!requiredAccessOf(type, field)?.includes('The shop must have access to B2B')) continue;
    answers.set(name, (await postGraphql(fake, document, EXAMPLE_VARIABLES[name])).body);
  }
  return answers;
}

describe('a shop without B2B, and an app without the companies scope', () => {
  it('reads requiredAccess from the introspection: on the field, else its (node) type', () => {
    expect(requiredAccessOf('Mutation', 'companyCreate')).toBe(WRITE_ACCESS);
    expect(requiredAccessOf('QueryRoot', 'companies')).toBe(READ_ACCESS);
    expect(requiredAccessOf('QueryRoot', 'company')).toBe(READ_ACCESS);
    expect(requiredAccessOf('QueryRoot', 'customerByIdentifier')).toBe('`read_customers` access scope.');
    expect(requiredAccessOf('QueryRoot', 'shop')).toBeNull();
    expect(requiredAccessOf('EntitlementsType', 'b2b')).toBeNull();
  });

  it('answers every B2B field null with a top-level ACCESS_DENIED; the entitlement says false', async () => {
    const { companyId } = await createCompany(1);
    fake.control.setB2bEnabled(false);
    const answers = await sendB2bDocuments();
    expect(answers.size).toBeGreaterThanOrEqual(15);
    for (const [name, body] of answers) {
      const [type, field] = rootFieldOf(docs[name]);
      // A non-null root field (companies: CompanyConnection!) takes `data` down with it, as GraphQL says.
      const parent = loadAdminSchema().getType(type);
      const nullable = isObjectType(parent) && !isNonNullType(parent.getFields()[field]?.type);
      expect(body.data, name).toEqual(nullable ? { [field]: null } : null);
      expect(body.errors, name).toEqual([ACCESS_DENIED(field, requiredAccessOf(type, field) ?? '')]);
    }
    expect(answers.get('CreateCompany')?.errors?.[0]?.extensions?.requiredAccess).toBe(WRITE_ACCESS);
    // A company reached through node(id:) needs B2B as well: its fields are refused, node answers null.
    const byNode = await postGraphql(fake, 'query($id: ID!) { node(id: $id) { id } }', { id: companyId });
    expect(byNode.body.data).toEqual({ node: null });
    expect(byNode.body.errors).toEqual([{ ...ACCESS_DENIED('id', READ_ACCESS), path: ['node', 'id'] }]);
    expect(await queryData(fake, docs.ShopB2bEntitlement)).toEqual({
      shop: { entitlements: { b2b: { enabled: false } } },
    });
    expect(fake.store.companies.size).toBe(1);
  });

  it('switches over HTTP (POST /__fake/b2b) and back on', async () => {
    const b2b = (body: unknown) =>
      fetch(`${fake.url}/__fake/b2b`, { method: 'POST', body: JSON.stringify(body) }).then(
        (response) => response.status,
      );
    expect(await b2b({ enabled: false })).toBe(200);
    expect(at(await queryData(fake, docs.ShopB2bEntitlement), 'shop', 'entitlements', 'b2b', 'enabled')).toBe(
      false,
    );
    expect(await b2b({})).toBe(400);
    expect(await b2b({ enabled: true })).toBe(200);
    await createCompany(1);
    const state = (await (await fetch(`${fake.url}/__fake/state`)).json()) as Record<string, unknown>;
    expect(state.b2b).toEqual({ enabled: true, companiesAccessDenied: false });
    expect(at(state, 'companies', 0, 'externalId')).toBe('portal-company-1');
    expect(at(state, 'customers', 0, 'email')).toBe('ada1@acme.example');
  });

  it('with the scope missing, B2B fields answer ACCESS_DENIED while the entitlement still says true', async () => {
    await createCompany(12);
    fake.control.setCompaniesAccessDenied(true);
    const answers = await sendB2bDocuments();
    expect(answers.get('FindCompanyByExternalId')?.errors).toEqual([ACCESS_DENIED('companies', READ_ACCESS)]);
    expect(answers.get('CreateCompany')?.errors).toEqual([ACCESS_DENIED('companyCreate', WRITE_ACCESS)]);
    expect(await queryData(fake, docs.ShopB2bEntitlement)).toEqual({
      shop: { entitlements: { b2b: { enabled: true } } },
    });
    fake.control.setCompaniesAccessDenied(false);
    const found = await queryData(fake, docs.FindCompanyByExternalId, {
      query: "external_id:'portal-company-12'",
    });
    expect(at(found, 'companies', 'nodes')).toHaveLength(1);
  });
});

describe('draft orders for a company location', () => {
  let variantId: string;
  beforeEach(() => {
    variantId = fake.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'M-1', price: '26.00' }] }])[0]!
      .variants[0]!.id;
  });

  const DRAFT_READ = `query($id: ID!) { draftOrder(id: $id) {
    purchasingEntity { __typename ... on PurchasingCompany { company { id } location { id } contact { id } } }
    customer { id } email shippingAddress { address1 city provinceCode countryCodeV2 zip company } } }`;

  const createDraft = (input: Input) =>
    send(docs.CreateDraftOrder, {
      input: { email: 'ada@acme.example', lineItems: [{ variantId, quantity: 2 }], ...input },
    });

  const purchasingCompany = (ids: { companyId: string; locationId: string; contactId: string }) => ({
    purchasingEntity: {
      purchasingCompany: {
        companyId: ids.companyId,
        companyLocationId: ids.locationId,
        companyContactId: ids.contactId,
      },
    },
  });

  it('stores the purchasing company, reads it back, and ships to the location when no address is given', async () => {
    const ids = await createCompany(1);
    await assignRole(ids.contactId, ids.locationId);
    const created = await createDraft(purchasingCompany(ids));
    expect(at(created, 'userErrors')).toEqual([]);
    const draft = at(
      await queryData(fake, DRAFT_READ, { id: at(created, 'draftOrder', 'id') }),
      'draftOrder',
    );
    expect(draft).toEqual({
      purchasingEntity: {
        __typename: 'PurchasingCompany',
        company: { id: ids.companyId },
        location: { id: ids.locationId },
        contact: { id: ids.contactId },
      },
      customer: { id: ids.customerId },
      email: 'ada@acme.example',
      shippingAddress: {
        address1: '1 Main St',
        city: 'Austin',
        provinceCode: 'TX',
        countryCodeV2: 'US',
        zip: '78701',
        company: 'Acme 1',
      },
    });

    // The merchant deletes the company: the draft no longer names a purchasing entity.
    const response = await fetch(`${fake.url}/__fake/companies/delete`, {
      method: 'POST',
      body: JSON.stringify({ id: ids.companyId }),
    });
    expect(response.status).toBe(200);
    expect(fake.control.companies()).toEqual([]);
    const after = await queryData(fake, DRAFT_READ, { id: at(created, 'draftOrder', 'id') });
    expect(at(after, 'draftOrder', 'purchasingEntity')).toBeNull();
  });

  it('refuses a contact without a role at the location, and a location or contact of another company', async () => {
    const ids = await createCompany(1);
    const other = await createCompany(2);
    await assignRole(other.contactId, other.locationId);
    const field = (name: string) => ['purchasingEntity', 'purchasingCompany', name];
    expect(await createDraft(purchasingCompany(ids))).toEqual({
      draftOrder: null,
      userErrors: [
        {
          field: field('companyContactId'),
          message: 'Company contact must have a role at the company location to place orders',
        },
      ],
    });
    const mixed = await createDraft(
      purchasingCompany({ ...ids, locationId: other.locationId, contactId: other.contactId }),
    );
    expect(at(mixed, 'userErrors')).toEqual([
      { field: field('companyLocationId'), message: 'Company location does not belong to the company' },
      { field: field('companyContactId'), message: 'Company contact does not belong to the company' },
    ]);
    expect(fake.store.draftOrders.size).toBe(0);
  });

  it('refuses a customer and a company together, and a company while the shop has no B2B', async () => {
    const ids = await createCompany(1);
    await assignRole(ids.contactId, ids.locationId);
    const both = await createDraft({
      purchasingEntity: { ...purchasingCompany(ids).purchasingEntity, customerId: ids.customerId },
    });
    expect(at(both, 'userErrors')).toEqual([
      { field: ['purchasingEntity'], message: 'Purchasing entity can be a customer or a company, not both' },
    ]);
    fake.control.setB2bEnabled(false);
    expect(at(await createDraft(purchasingCompany(ids)), 'userErrors')).toEqual([
      { field: ['purchasingEntity'], message: 'B2B is not available for this shop' },
    ]);
    expect(fake.store.draftOrders.size).toBe(0);
  });

  it('takes a customer as purchasing entity (or the deprecated customerId), refusing one that does not exist', async () => {
    const customer = fake.control.addCustomer({ email: 'cy@shop.example' });
    for (const input of [{ purchasingEntity: { customerId: customer.id } }, { customerId: customer.id }]) {
      const created = await createDraft(input);
      const draft = await queryData(fake, DRAFT_READ, { id: at(created, 'draftOrder', 'id') });
      expect(at(draft, 'draftOrder', 'purchasingEntity')).toEqual({ __typename: 'Customer' });
      expect(at(draft, 'draftOrder', 'customer')).toEqual({ id: customer.id });
    }
    const unknown = await createDraft({ purchasingEntity: { customerId: 'gid://shopify/Customer/1' } });
    expect(at(unknown, 'userErrors')).toEqual([
      { field: ['purchasingEntity', 'customerId'], message: 'Customer does not exist' },
    ]);
  });

  it('leaves a draft without a purchasing entity as before: no customer, no company, its own address', async () => {
    await createCompany(1);
    const created = await createDraft({
      shippingAddress: {
        address1: '2 Side St',
        city: 'Austin',
        provinceCode: 'TX',
        countryCode: 'US',
        zip: '78702',
      },
    });
    expect(at(created, 'userErrors')).toEqual([]);
    const draft = at(
      await queryData(fake, DRAFT_READ, { id: at(created, 'draftOrder', 'id') }),
      'draftOrder',
    );
    expect(draft).toEqual({
      purchasingEntity: null,
      customer: null,
      email: 'ada@acme.example',
      shippingAddress: {
        address1: '2 Side St',
        city: 'Austin',
        provinceCode: 'TX',
        countryCodeV2: 'US',
        zip: '78702',
        company: null,
      },
    });
    expect([...fake.store.draftOrders.values()][0]).toMatchObject({
      purchasingCompany: null,
      customerId: null,
    });
  });
});
