import { describe, expect, it } from 'vitest';
import { scriptedClient } from './shopify-api-test-support';

/* The B2B companies API (api/companies.ts) over a scripted client: ids, inputs sent, answers mapped. */

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const role = (id: number, name: string) => ({ id: gid('CompanyContactRole', id), name });
const location = (id: number, extra: Record<string, unknown> = {}) => ({
  id: gid('CompanyLocation', id),
  externalId: `portal-location-${id}`,
  name: `Location ${id}`,
  phone: null,
  buyerExperienceConfiguration: { paymentTermsTemplate: null },
  taxSettings: { taxExempt: false, taxExemptions: [], taxRegistrationId: null },
  ...extra,
});
const companyNode = (externalId: string) => ({
  id: gid('Company', 12),
  externalId,
  name: 'Acme Wine Bar',
  mainContact: { id: gid('CompanyContact', 90) },
  defaultRole: role(2, 'Ordering only'),
  contactRoles: { nodes: [role(1, 'Location admin'), role(2, 'Ordering only')] },
  locations: {
    nodes: [
      location(31, {
        phone: '+15125550100',
        buyerExperienceConfiguration: { paymentTermsTemplate: { id: gid('PaymentTermsTemplate', 4) } },
        taxSettings: {
          taxExempt: false,
          taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
          taxRegistrationId: null,
        },
      }),
      location(32, { buyerExperienceConfiguration: null }),
    ],
  },
});
const company12 = {
  id: gid('Company', 12),
  externalId: 'portal-company-12',
  name: 'Acme Wine Bar',
  mainContactId: gid('CompanyContact', 90),
  defaultRole: role(2, 'Ordering only'),
  contactRoles: [role(1, 'Location admin'), role(2, 'Ordering only')],
  locations: [
    {
      id: gid('CompanyLocation', 31),
      externalId: 'portal-location-31',
      name: 'Location 31',
      phone: '+15125550100',
      paymentTermsTemplateId: gid('PaymentTermsTemplate', 4),
      taxSettings: { taxExempt: false, taxExemptions: ['US_TX_RESELLER_EXEMPTION'], taxRegistrationId: null },
    },
    {
      id: gid('CompanyLocation', 32),
      externalId: 'portal-location-32',
      name: 'Location 32',
      phone: null,
      paymentTermsTemplateId: null,
      taxSettings: { taxExempt: false, taxExemptions: [], taxRegistrationId: null },
    },
  ],
};
const ok = <T>(payload: T) => ({ ...payload, userErrors: [] });
const taken = (field: string[]) => ({
  userErrors: [{ field, message: 'External Id has already been taken', code: 'TAKEN' }],
});

describe('the B2B entitlement and reading companies', () => {
  it("reads the store's B2B entitlement", async () => {
    const { api } = scriptedClient({
      ShopB2bEntitlement: [
        () => ({ shop: { entitlements: { b2b: { enabled: true } } } }),
        () => ({ shop: { entitlements: { b2b: { enabled: false } } } }),
      ],
    });
    expect(await api.getB2bEntitlement()).toEqual({ ok: true, data: { enabled: true } });
    expect(await api.getB2bEntitlement()).toEqual({ ok: true, data: { enabled: false } });
  });

  it('finds a company by its exact externalId, quoting the search value, with its locations and roles', async () => {
    const { api, calls } = scriptedClient({
      FindCompanyByExternalId: [
        () => ({
          companies: { nodes: [companyNode('portal-company-120'), companyNode('portal-company-12')] },
        }),
        () => ({ companies: { nodes: [companyNode('portal-company-120')] } }),
      ],
    });
    expect(await api.findCompanyByExternalId('portal-company-12')).toEqual({ ok: true, data: company12 });
    expect(await api.findCompanyByExternalId('portal-company-12')).toEqual({ ok: true, data: null });
    expect(calls.map((call) => call.variables)).toEqual([
      { query: "external_id:'portal-company-12'" },
      { query: "external_id:'portal-company-12'" },
    ]);
    expect(calls[0]!.estimatedCost).toBe(436);
  });

  it('gets a company by id: null when it is gone, not-found for an id that is not a company id', async () => {
    const { api, calls } = scriptedClient({
      GetCompany: [() => ({ company: companyNode('portal-company-12') }), () => ({ company: null })],
    });
    expect(await api.getCompany('12')).toEqual({ ok: true, data: company12 });
    expect(await api.getCompany(gid('Company', 13))).toEqual({ ok: true, data: null });
    expect(await api.getCompany(gid('CompanyLocation', 13))).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(calls.map((call) => call.variables)).toEqual([
      { id: gid('Company', 12) },
      { id: gid('Company', 13) },
    ]);
  });

  it('lists every contact across pages, e-mails lower-cased, with their role assignments', async () => {
    const contact = (id: number, email: string | null, assignments: [number, number, number][] = []) => ({
      id: gid('CompanyContact', id),
      isMainContact: id === 90,
      customer: {
        id: gid('Customer', id + 7000),
        defaultEmailAddress: email === null ? null : { emailAddress: email },
      },
      roleAssignments: {
        nodes: assignments.map(([assignment, roleId, locationId]) => ({
          id: gid('CompanyContactRoleAssignment', assignment),
          role: { id: gid('CompanyContactRole', roleId) },
          companyLocation: { id: gid('CompanyLocation', locationId) },
        })),
      },
    });
    const page = (nodes: unknown[], endCursor: string | null) => ({
      company: {
        id: gid('Company', 12),
        contacts: { pageInfo: { hasNextPage: !!endCursor, endCursor }, nodes },
      },
    });
    const { api, calls } = scriptedClient({
      GetCompanyContacts: [
        () => page([contact(90, 'Ada@Acme.example', [[77, 1, 31]])], 'c1'),
        () => page([contact(91, null)], null),
        () => ({ company: null }),
        () => page([], 'c1'),
        () => page([], 'c1'),
      ],
    });
    expect(await api.listCompanyContacts('12')).toEqual({
      ok: true,
      data: [
        {
          id: gid('CompanyContact', 90),
          customerId: gid('Customer', 7090),
          email: 'ada@acme.example',
          isMainContact: true,
          roleAssignments: [
            {
              id: gid('CompanyContactRoleAssignment', 77),
              roleId: gid('CompanyContactRole', 1),
              locationId: gid('CompanyLocation', 31),
            },
          ],
        },
        {
          id: gid('CompanyContact', 91),
          customerId: gid('Customer', 7091),
          email: null,
          isMainContact: false,
          roleAssignments: [],
        },
      ],
    });
    expect(calls.map((call) => call.variables)).toEqual([
      { companyId: gid('Company', 12), after: null },
      { companyId: gid('Company', 12), after: 'c1' },
    ]);
    expect(calls[0]!.estimatedCost).toBe(468);
    expect(await api.listCompanyContacts('12')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    // A page that claims more without a new cursor would loop forever.
    expect(await api.listCompanyContacts('12')).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', message: expect.stringContaining('without a new endCursor') },
    });
  });

  it('finds a customer by e-mail with the companies it is a contact of', async () => {
    const { api, calls } = scriptedClient({
      FindCustomerByEmail: [
        () => ({
          customerByIdentifier: {
            id: gid('Customer', 7001),
            companyContactProfiles: [{ id: gid('CompanyContact', 5), company: { id: gid('Company', 3) } }],
          },
        }),
        () => ({ customerByIdentifier: null }),
      ],
    });
    expect(await api.findCustomerByEmail('bo@acme.example')).toEqual({
      ok: true,
      data: { id: gid('Customer', 7001), contactOf: [gid('Company', 3)] },
    });
    expect(await api.findCustomerByEmail('nobody@acme.example')).toEqual({ ok: true, data: null });
    expect(calls[0]!.variables).toEqual({ email: 'bo@acme.example' });
  });
});

describe('changing companies and locations', () => {
  it('creates a company with its first location: the template id as a GID, the ids made', async () => {
    const { api, calls } = scriptedClient({
      CreateCompany: () => ({
        companyCreate: ok({
          company: {
            id: gid('Company', 12),
            externalId: 'portal-company-12',
            name: 'Acme Wine Bar',
            mainContact: { id: gid('CompanyContact', 90), customer: { id: gid('Customer', 7090) } },
          },
        }),
      }),
    });
    const result = await api.createCompany({
      company: { name: 'Acme Wine Bar', externalId: 'portal-company-12' },
      companyContact: { email: 'ada@acme.example', firstName: 'Ada' },
      companyLocation: {
        name: 'Main',
        shippingAddress: { address1: '1 Main St', zoneCode: 'TX', countryCode: 'US', recipient: 'Acme' },
        billingSameAsShipping: true,
        buyerExperienceConfiguration: { paymentTermsTemplateId: '4', checkoutToDraft: true },
        taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
      },
    });
    expect(result).toEqual({
      ok: true,
      data: {
        id: gid('Company', 12),
        mainContactId: gid('CompanyContact', 90),
        customerId: gid('Customer', 7090),
      },
    });
    expect(calls[0]!.variables).toEqual({
      input: {
        company: { name: 'Acme Wine Bar', externalId: 'portal-company-12' },
        companyContact: { email: 'ada@acme.example', firstName: 'Ada' },
        companyLocation: {
          name: 'Main',
          shippingAddress: { address1: '1 Main St', zoneCode: 'TX', countryCode: 'US', recipient: 'Acme' },
          billingSameAsShipping: true,
          buyerExperienceConfiguration: {
            paymentTermsTemplateId: gid('PaymentTermsTemplate', 4),
            checkoutToDraft: true,
          },
          taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
        },
      },
    });
  });

  it('reads a TAKEN externalId as user-errors with its code, and a payload with nothing as invalid-response', async () => {
    const { api, calls } = scriptedClient({
      CreateCompany: [
        () => ({ companyCreate: { company: null, ...taken(['input', 'company', 'externalId']) } }),
        () => ({ companyCreate: { company: null, userErrors: [] } }),
      ],
    });
    const input = { company: { name: 'Acme', externalId: 'portal-company-12' } };
    const refused = await api.createCompany(input);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'user-errors', retryable: false } });
    expect(refused.ok ? null : refused.error.userErrors?.[0]?.code).toBe('TAKEN');
    expect(await api.createCompany(input)).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    expect(
      await api.createCompany({
        ...input,
        companyLocation: { buyerExperienceConfiguration: { paymentTermsTemplateId: gid('Company', 4) } },
      }),
    ).toMatchObject({ ok: false, error: { kind: 'graphql', retryable: false } });
    expect(calls).toHaveLength(2);
  });

  it('updates the company, creates and updates a location (null clears the template)', async () => {
    const { api, calls } = scriptedClient({
      UpdateCompany: () => ({
        companyUpdate: ok({ company: { id: gid('Company', 12), externalId: null, name: 'Acme LLC' } }),
      }),
      CreateCompanyLocation: () => ({
        companyLocationCreate: ok({
          companyLocation: { id: gid('CompanyLocation', 41), externalId: 'portal-location-41', name: 'Dock' },
        }),
      }),
      UpdateCompanyLocation: () => ({
        companyLocationUpdate: ok({
          companyLocation: {
            id: gid('CompanyLocation', 41),
            externalId: 'portal-location-41',
            name: 'Dock 2',
            buyerExperienceConfiguration: { paymentTermsTemplate: null },
          },
        }),
      }),
    });
    expect(await api.updateCompany('12', { name: 'Acme LLC' })).toEqual({
      ok: true,
      data: { id: gid('Company', 12) },
    });
    expect(
      await api.createCompanyLocation('12', {
        name: 'Dock',
        externalId: 'portal-location-41',
        phone: '+15125550100',
      }),
    ).toEqual({ ok: true, data: { id: gid('CompanyLocation', 41) } });
    const update = {
      name: 'Dock 2',
      phone: null,
      buyerExperienceConfiguration: { paymentTermsTemplateId: null },
    };
    expect(await api.updateCompanyLocation('41', update)).toEqual({
      ok: true,
      data: { id: gid('CompanyLocation', 41) },
    });
    expect(calls.map((call) => call.variables)).toEqual([
      { companyId: gid('Company', 12), input: { name: 'Acme LLC' } },
      {
        companyId: gid('Company', 12),
        input: { name: 'Dock', externalId: 'portal-location-41', phone: '+15125550100' },
      },
      { companyLocationId: gid('CompanyLocation', 41), input: update },
    ]);
    expect(await api.updateCompanyLocation(gid('Company', 41), update)).toMatchObject({
      ok: false,
      error: { kind: 'not-found', message: `Shopify has no company location ${gid('Company', 41)}` },
    });
    expect(calls).toHaveLength(3);
  });

  it('assigns an address by type, and changes only the exemptions it is given', async () => {
    const settings = {
      taxExempt: false,
      taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
      taxRegistrationId: null,
    };
    const { api, calls } = scriptedClient({
      AssignCompanyLocationAddress: () => ({
        companyLocationAssignAddress: ok({ addresses: [{ id: gid('CompanyAddress', 1) }] }),
      }),
      UpdateCompanyLocationTaxSettings: () => ({
        companyLocationTaxSettingsUpdate: ok({
          companyLocation: { id: gid('CompanyLocation', 41), taxSettings: settings },
        }),
      }),
    });
    const address = {
      address1: '9 Dock Rd',
      city: 'Austin',
      zoneCode: 'TX',
      countryCode: 'US',
      zip: '78702',
    };
    expect(await api.assignCompanyLocationAddress('41', address, ['SHIPPING', 'BILLING'])).toEqual({
      ok: true,
      data: undefined,
    });
    expect(
      await api.updateCompanyLocationTaxSettings('41', { assign: ['US_TX_RESELLER_EXEMPTION'] }),
    ).toEqual({ ok: true, data: settings });
    await api.updateCompanyLocationTaxSettings('41', { assign: [], remove: ['US_CA_RESELLER_EXEMPTION'] });
    expect(calls.map((call) => call.variables)).toEqual([
      { locationId: gid('CompanyLocation', 41), address, addressTypes: ['SHIPPING', 'BILLING'] },
      { companyLocationId: gid('CompanyLocation', 41), exemptionsToAssign: ['US_TX_RESELLER_EXEMPTION'] },
      {
        companyLocationId: gid('CompanyLocation', 41),
        exemptionsToAssign: [],
        exemptionsToRemove: ['US_CA_RESELLER_EXEMPTION'],
      },
    ]);
    expect(JSON.stringify(calls[1]!.variables)).not.toContain('exemptionsToRemove');
  });
});

describe('contacts and their roles', () => {
  const contactMade = { id: gid('CompanyContact', 91), customer: { id: gid('Customer', 7091) } };

  it('creates a contact, assigns an existing customer, updates a contact', async () => {
    const { api, calls } = scriptedClient({
      CreateCompanyContact: () => ({ companyContactCreate: ok({ companyContact: contactMade }) }),
      AssignCustomerAsContact: () => ({
        companyAssignCustomerAsContact: ok({ companyContact: contactMade }),
      }),
      UpdateCompanyContact: () => ({ companyContactUpdate: ok({ companyContact: { id: contactMade.id } }) }),
    });
    const made = { ok: true, data: { id: gid('CompanyContact', 91), customerId: gid('Customer', 7091) } };
    expect(await api.createCompanyContact('12', { email: 'bo@acme.example', firstName: 'Bo' })).toEqual(made);
    expect(await api.assignCustomerAsContact('12', '7091')).toEqual(made);
    expect(await api.updateCompanyContact('91', { lastName: 'Buyer' })).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await api.assignCustomerAsContact('12', gid('CompanyContact', 1))).toMatchObject({
      ok: false,
      error: { kind: 'graphql', retryable: false },
    });
    expect(calls.map((call) => call.variables)).toEqual([
      { companyId: gid('Company', 12), input: { email: 'bo@acme.example', firstName: 'Bo' } },
      { companyId: gid('Company', 12), customerId: gid('Customer', 7091) },
      { companyContactId: gid('CompanyContact', 91), input: { lastName: 'Buyer' } },
    ]);
  });

  it('assigns roles at locations as GIDs; no roles sends nothing; a wrong id is refused before asking', async () => {
    const { api, calls } = scriptedClient({
      AssignContactRoles: () => ({
        companyContactAssignRoles: ok({
          roleAssignments: [
            {
              id: gid('CompanyContactRoleAssignment', 78),
              role: { id: gid('CompanyContactRole', 2) },
              companyLocation: { id: gid('CompanyLocation', 41) },
            },
          ],
        }),
      }),
    });
    expect(await api.assignContactRoles('91', [{ roleId: '2', locationId: '41' }])).toEqual({
      ok: true,
      data: [
        {
          id: gid('CompanyContactRoleAssignment', 78),
          roleId: gid('CompanyContactRole', 2),
          locationId: gid('CompanyLocation', 41),
        },
      ],
    });
    expect(await api.assignContactRoles('91', [])).toEqual({ ok: true, data: [] });
    expect(
      await api.assignContactRoles('91', [{ roleId: '2', locationId: gid('Company', 41) }]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'graphql', message: expect.stringContaining('roles[0].locationId') },
    });
    expect(calls.map((call) => call.variables)).toEqual([
      {
        companyContactId: gid('CompanyContact', 91),
        rolesToAssign: [
          {
            companyContactRoleId: gid('CompanyContactRole', 2),
            companyLocationId: gid('CompanyLocation', 41),
          },
        ],
      },
    ]);
  });

  it('revokes role assignments by id (none sends nothing) and removes a contact from its company', async () => {
    const { api, calls } = scriptedClient({
      RevokeContactRoles: () => ({
        companyContactRevokeRoles: ok({
          revokedRoleAssignmentIds: [gid('CompanyContactRoleAssignment', 77)],
        }),
      }),
      RemoveContactFromCompany: [
        () => ({
          companyContactRemoveFromCompany: ok({ removedCompanyContactId: gid('CompanyContact', 91) }),
        }),
        () => ({
          companyContactRemoveFromCompany: {
            removedCompanyContactId: null,
            userErrors: [{ field: ['companyContactId'], message: 'not found', code: 'RESOURCE_NOT_FOUND' }],
          },
        }),
      ],
    });
    expect(await api.revokeContactRoles('91', ['77'])).toEqual({ ok: true, data: undefined });
    expect(await api.revokeContactRoles('91', [])).toEqual({ ok: true, data: undefined });
    expect(await api.removeContactFromCompany('91')).toEqual({ ok: true, data: undefined });
    expect(await api.removeContactFromCompany('91')).toMatchObject({
      ok: false,
      error: { kind: 'user-errors', userErrors: [{ code: 'RESOURCE_NOT_FOUND' }] },
    });
    expect(calls.map((call) => call.variables).slice(0, 2)).toEqual([
      {
        companyContactId: gid('CompanyContact', 91),
        roleAssignmentIds: [gid('CompanyContactRoleAssignment', 77)],
      },
      { companyContactId: gid('CompanyContact', 91) },
    ]);
  });
});
