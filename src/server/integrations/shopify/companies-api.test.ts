import { afterEach, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '../../../../dev/fake-shopify/fake-shopify';
import { createShopifyClient } from './client';
import { createShopifyApi } from './shopify-api';
import { isCompanyAccessDenied } from './shopify-errors';

/*
 * The B2B companies API (api/companies.ts) with the REAL client against the fake store over HTTP, like
 * dev/fake-shopify/client-against-fake.test.ts: the strict zod schemas fail on any drift between the fake's
 * answers and the documents.
 */

let fake: FakeShopify | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp() {
  let now = Date.parse('2026-11-22T12:00:00Z');
  fake = await startFakeShopify({ now: () => now });
  const client = createShopifyClient(
    { storeDomain: fake.url, adminToken: fake.token, apiVersion: '2026-10' },
    {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
      random: () => 0,
    },
  );
  return { shop: fake, api: createShopifyApi(client) };
}

function data<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data;
}

const address = {
  address1: '1 Main St',
  city: 'Austin',
  zoneCode: 'TX',
  countryCode: 'US',
  zip: '78701',
  recipient: 'Acme Wine Bar',
};

describe('companies API × fake store', () => {
  it('makes a company, finds it by externalId, adds a location and a contact with a role, lists the contacts', async () => {
    const { shop, api } = await setUp();
    expect(data(await api.getB2bEntitlement())).toEqual({ enabled: true });

    const created = data(
      await api.createCompany({
        company: { name: 'Acme Wine Bar', externalId: 'portal-company-12' },
        companyContact: { email: 'Ada@Acme.example', firstName: 'Ada', lastName: 'Lovelace' },
        companyLocation: {
          name: 'Main',
          externalId: 'portal-location-31',
          shippingAddress: address,
          billingSameAsShipping: true,
        },
      }),
    );
    expect(created.id).toMatch(/^gid:\/\/shopify\/Company\/\d+$/);
    expect(created.mainContactId).toMatch(/^gid:\/\/shopify\/CompanyContact\/\d+$/);
    expect(created.customerId).toMatch(/^gid:\/\/shopify\/Customer\/\d+$/);

    const found = data(await api.findCompanyByExternalId('portal-company-12'));
    expect(found).toMatchObject({
      id: created.id,
      externalId: 'portal-company-12',
      name: 'Acme Wine Bar',
      mainContactId: created.mainContactId,
      locations: [{ externalId: 'portal-location-31', name: 'Main', paymentTermsTemplateId: null }],
    });
    expect(found?.contactRoles.length).toBeGreaterThan(0);
    expect(data(await api.getCompany(created.id))).toEqual(found);
    expect(data(await api.findCompanyByExternalId('portal-company-1'))).toBeNull();

    const warehouse = data(
      await api.createCompanyLocation(created.id, {
        name: 'Warehouse',
        externalId: 'portal-location-32',
        phone: '+15125550100',
        shippingAddress: { ...address, address1: '9 Dock Rd' },
        billingSameAsShipping: true,
      }),
    );
    const buyer = data(
      await api.createCompanyContact(created.id, { email: 'bo@acme.example', firstName: 'Bo' }),
    );
    const ordering =
      found!.contactRoles.find((role) => /order|buyer/i.test(role.name)) ?? found!.defaultRole!;
    const assigned = data(
      await api.assignContactRoles(buyer.id, [{ roleId: ordering.id, locationId: warehouse.id }]),
    );
    expect(assigned).toEqual([{ id: expect.any(String), roleId: ordering.id, locationId: warehouse.id }]);

    const contacts = data(await api.listCompanyContacts(created.id));
    expect(contacts).toHaveLength(2);
    expect(contacts.find((contact) => contact.id === buyer.id)).toEqual({
      id: buyer.id,
      customerId: buyer.customerId,
      email: 'bo@acme.example',
      isMainContact: false,
      roleAssignments: assigned,
    });
    expect(contacts.find((contact) => contact.isMainContact)).toMatchObject({
      id: created.mainContactId,
      email: 'ada@acme.example',
    });
    expect(shop.control.companies()).toHaveLength(1);
  });

  it('changes a location (terms, address, tax) and a contact (name, roles), then removes the contact', async () => {
    const { shop, api } = await setUp();
    const company = data(
      await api.createCompany({ company: { name: 'Acme', externalId: 'portal-company-7' } }),
    );
    const location = data(
      await api.createCompanyLocation(company.id, { name: 'Main', externalId: 'portal-location-70' }),
    );
    const [net30] = data(await api.listNetPaymentTermsTemplates());
    data(
      await api.updateCompanyLocation(location.id, {
        name: 'Main 2',
        phone: '+15125550100',
        buyerExperienceConfiguration: { paymentTermsTemplateId: net30!.id },
      }),
    );
    data(await api.assignCompanyLocationAddress(location.id, address, ['SHIPPING', 'BILLING']));
    expect(
      data(await api.updateCompanyLocationTaxSettings(location.id, { assign: ['US_TX_RESELLER_EXEMPTION'] })),
    ).toMatchObject({ taxExemptions: ['US_TX_RESELLER_EXEMPTION'] });
    const read = data(await api.getCompany(company.id));
    expect(read?.locations).toEqual([
      {
        id: location.id,
        externalId: 'portal-location-70',
        name: 'Main 2',
        phone: '+15125550100',
        paymentTermsTemplateId: net30!.id,
        taxSettings: expect.objectContaining({ taxExemptions: ['US_TX_RESELLER_EXEMPTION'] }),
      },
    ]);
    expect(
      data(await api.updateCompanyLocationTaxSettings(location.id, { remove: ['US_TX_RESELLER_EXEMPTION'] })),
    ).toMatchObject({ taxExemptions: [] });

    const contact = data(await api.createCompanyContact(company.id, { email: 'cy@acme.example' }));
    data(await api.updateCompanyContact(contact.id, { firstName: 'Cy', lastName: 'Buyer' }));
    const [assignment] = data(
      await api.assignContactRoles(contact.id, [{ roleId: read!.defaultRole!.id, locationId: location.id }]),
    );
    data(await api.revokeContactRoles(contact.id, [assignment!.id]));
    expect(data(await api.listCompanyContacts(company.id))).toMatchObject([
      { id: contact.id, roleAssignments: [] },
    ]);
    data(await api.removeContactFromCompany(contact.id));
    expect(data(await api.listCompanyContacts(company.id))).toEqual([]);
    const customer = data(await api.findCustomerByEmail('cy@acme.example'));
    expect(customer).toEqual({ id: contact.customerId, contactOf: [] });
    const again = data(await api.assignCustomerAsContact(company.id, customer!.id));
    expect(again.customerId).toBe(customer!.id);
    expect(data(await api.findCustomerByEmail('cy@acme.example'))).toEqual({
      id: customer!.id,
      contactOf: [company.id],
    });
    expect(shop.control.companies()).toHaveLength(1);
  });

  it('reads a second company with the same externalId as user-errors with the code TAKEN', async () => {
    const { api } = await setUp();
    const input = { company: { name: 'Acme', externalId: 'portal-company-12' } };
    data(await api.createCompany(input));
    const again = await api.createCompany(input);
    expect(again).toMatchObject({ ok: false, error: { kind: 'user-errors', retryable: false } });
    expect(again.ok ? null : again.error.userErrors?.[0]?.code).toBe('TAKEN');
  });

  it('on a store without B2B: createCompany is an ACCESS_DENIED graphql error and the entitlement says no', async () => {
    const { shop, api } = await setUp();
    shop.control.setB2bEnabled(false);
    const refused = await api.createCompany({ company: { name: 'Acme', externalId: 'portal-company-12' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'graphql', retryable: false } });
    if (refused.ok) return;
    expect(refused.error.graphqlErrors).toEqual([{ code: 'ACCESS_DENIED', path: ['companyCreate'] }]);
    expect(isCompanyAccessDenied(refused.error)).toBe(true);
    expect(data(await api.getB2bEntitlement())).toEqual({ enabled: false });
    expect(shop.control.companies()).toEqual([]);
  });
});
