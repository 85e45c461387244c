// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_OWNER_MESSAGE,
  type AdminCompanyDetail,
  type AdminCompanyListResponse,
} from '../../../shared/schemas/admin-companies';
import type { AdminUser } from '../../../shared/schemas/admin-users';
import { toast } from '../../lib/toast';
import { CompaniesSection } from '../../routes/admin/sections/companies-section';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  // A wide screen: the list is a table.
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { matches: false, media: query });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const doe = {
  id: 3,
  name: 'Doe Botanicals',
  paymentTerms: 'net30' as const,
  peopleCount: 2,
  locationCount: 1,
  orderCount: 4,
  createdAt: '2031-01-05T10:00:00.000Z',
};
const twice = {
  ...doe,
  id: 8,
  name: 'Doe Botanicals (again)',
  peopleCount: 1,
  locationCount: 1,
  orderCount: 2,
};

const listOf = (companies: (typeof doe)[]): AdminCompanyListResponse => ({
  companies,
  total: companies.length,
  totalPages: companies.length ? 1 : 0,
  page: 1,
  limit: 20,
});

const address = {
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'USA',
  text: null,
};
const noAddress = { line1: null, line2: null, city: null, state: null, zip: null, country: null, text: null };

const detail: AdminCompanyDetail = {
  company: {
    id: 3,
    name: 'Doe Botanicals',
    paymentTerms: 'net30',
    createdAt: '2031-01-05T10:00:00.000Z',
    updatedAt: '2031-01-05T10:00:00.000Z',
  },
  credit: { limit: null, openBalance: '0.00', available: null, usedPercent: null, ordersOnHold: 0 },
  reorder: {
    reminders: true,
    fixedIntervalDays: null,
    learnedIntervalDays: null,
    nextDueAt: null,
    lastSentAt: null,
  },
  locations: [
    {
      id: 11,
      name: 'Main location',
      phone: '555-0100',
      isDefault: true,
      shipping: address,
      billing: noAddress,
      taxExemption: null,
    },
  ],
  people: [
    {
      id: 7,
      name: 'Jane Doe',
      email: 'jane@shop.test',
      companyRole: 'owner',
      status: 'approved',
      lastLoginAt: null,
    },
    {
      id: 9,
      name: 'Bob Books',
      email: 'bob@shop.test',
      companyRole: 'viewer',
      status: 'approved',
      lastLoginAt: '2031-02-01T09:00:00.000Z',
    },
  ],
  recentOrders: [
    {
      id: 1,
      orderNumber: 'WO-1001',
      createdAt: '2031-03-04T15:30:00.000Z',
      status: 'processing',
      orderTotal: '313.80',
      placedBy: { id: 7, name: 'Jane Doe' },
    },
  ],
  orderCount: 4,
  supportMessages: [
    {
      id: 5,
      subject: 'Where is my parcel?',
      status: 'open',
      createdAt: '2031-03-05T10:00:00.000Z',
      from: { id: 9, name: 'Bob Books' },
    },
  ],
  audit: [
    {
      id: 40,
      action: 'user.company-role',
      entityType: 'user',
      entityId: '9',
      actor: 'Ada Admin',
      before: { companyId: 3, companyRole: 'buyer' },
      after: { companyId: 3, companyRole: 'viewer' },
      createdAt: '2031-03-06T10:00:00.000Z',
    },
  ],
  shopify: { companyId: 'gid://shopify/Company/8', syncedAt: '2031-03-06T11:00:00.000Z', syncError: null },
};

const customer = (id: number, email: string, companyName: string): AdminUser => ({
  id,
  username: email,
  email,
  firstName: 'Cara',
  lastName: 'Customer',
  businessName: companyName,
  phone: null,
  role: 'customer',
  status: 'approved',
  paymentTerms: 'on_approval',
  hasPassword: false,
  createdAt: '2031-01-05T10:00:00.000Z',
  approvedAt: null,
  lastLoginAt: null,
  company: { id: 20, name: companyName, role: 'owner' },
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

type Handlers = Parameters<typeof stubFetch>[0];

/** Stubs the Companies API; every non-GET call is recorded with its parsed body. */
function stubCompanies(overrides: Handlers = {}) {
  const calls: Call[] = [];
  const handlers: Handlers = {
    '/api/admin/companies': () => jsonResponse(listOf([doe, twice])),
    '/api/admin/companies/3': () => jsonResponse(detail),
    '/api/admin/users': () => jsonResponse([customer(31, 'cara@other.test', 'Other Shop')]),
    ...overrides,
  };
  const fetchMock = stubFetch(handlers);
  const recorded = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const raw = init?.body;
      calls.push({
        url: requestUrl(input),
        method,
        body: typeof raw === 'string' ? JSON.parse(raw) : undefined,
      });
    }
    return fetchMock(input, init);
  });
  vi.stubGlobal('fetch', recorded);
  return { calls, fetchMock: recorded };
}

const listQueries = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input as RequestInfo), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/companies')
    .map((url) => url.searchParams);

async function openDoe() {
  fireEvent.click(await screen.findByRole('button', { name: 'View company Doe Botanicals' }));
  return screen.findByRole('heading', { level: 2, name: 'Doe Botanicals' });
}

describe('CompaniesSection: the list', () => {
  it('shows the heading, loading, then each company with its terms and counts', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubCompanies({ '/api/admin/companies': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<CompaniesSection />);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(await screen.findByText('Loading companies...')).toBeInTheDocument();

    answer(jsonResponse(listOf([doe])));
    const row = (await screen.findByText('Doe Botanicals')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 6)).toEqual([
      'Doe Botanicals',
      'Net 30',
      '2',
      '1',
      '4',
      'Jan 5, 2031',
    ]);
    expect(screen.getByText('Showing 1–1 of 1 company')).toBeInTheDocument();
  });

  it('searches once the typing pauses, from page 1', async () => {
    const { fetchMock } = stubCompanies();
    renderWithProviders(<CompaniesSection />);
    await screen.findByText('Doe Botanicals');
    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'jane@shop' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('jane@shop'));
    expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('1');
  });

  it('explains an empty search, and shows a failed load with Retry', async () => {
    let fail = true;
    stubCompanies({
      '/api/admin/companies': () =>
        fail ? errorResponse(500, 'Database is resting') : jsonResponse(listOf([])),
    });
    renderWithProviders(<CompaniesSection />);
    expect(await screen.findByText('Error loading companies: Database is resting')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
  });
});

describe('CompaniesSection: a company', () => {
  it('shows its locations, people, orders, support messages and audit trail, and goes back', async () => {
    stubCompanies();
    renderWithProviders(<CompaniesSection />);
    const heading = await openDoe();
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const locations = screen.getByRole('list', { name: 'Locations' });
    expect(within(locations).getByText('Main location')).toBeInTheDocument();
    expect(within(locations).getByText('Default')).toBeInTheDocument();
    expect(within(locations).getByText('1 Main St, Austin, TX 78701, USA')).toBeInTheDocument();
    expect(within(locations).getByText('Same as shipping')).toBeInTheDocument();

    expect(screen.getByLabelText<HTMLSelectElement>('Role of Jane Doe').value).toBe('owner');
    expect(screen.getByLabelText<HTMLSelectElement>('Role of Bob Books').value).toBe('viewer');
    const orders = screen.getByRole('list', { name: 'Orders' });
    expect(within(orders).getByText('WO-1001')).toBeInTheDocument();
    expect(within(orders).getByText('$313.80')).toBeInTheDocument();
    expect(within(orders).getByText('Placed by Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('The newest 1 of 4 orders.')).toBeInTheDocument();
    expect(screen.getByText('Where is my parcel?')).toBeInTheDocument();
    expect(screen.getByText('Role of Bob Books: Buyer → Viewer')).toBeInTheDocument();
    expect(screen.getByText(/^In Shopify as a B2B company · synced Mar 6, 2031/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to companies' }));
    expect(await screen.findByRole('table', { name: 'Companies' })).toBeInTheDocument();
    // The keyboard is back where it left the list.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'View company Doe Botanicals' }),
      ),
    );
  });

  it('says what Shopify refused, for staff to fix, instead of when it was synced', async () => {
    const syncError = 'Shopify refused the companies API: grant the app the write_companies scope.';
    stubCompanies({
      '/api/admin/companies/3': () => jsonResponse({ ...detail, shopify: { ...detail.shopify, syncError } }),
    });
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    expect(screen.getByText(`Shopify: ${syncError}`)).toBeInTheDocument();
    expect(screen.queryByText(/In Shopify as a B2B company/)).not.toBeInTheDocument();
  });

  it('lists the companies as cards on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: true, media: query });
    });
    stubCompanies();
    renderWithProviders(<CompaniesSection />);
    const cards = await screen.findByRole('list', { name: 'Companies' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(cards).getByRole('button', { name: 'View company Doe Botanicals (again)' }),
    ).toBeInTheDocument();
  });

  it("changes a person's role, and shows the server's refusal of the last owner's demotion", async () => {
    const { calls } = stubCompanies({
      '/api/admin/companies/3/members/9': () => jsonResponse({ message: 'Company role updated' }),
      '/api/admin/companies/3/members/7': () => errorResponse(409, LAST_OWNER_MESSAGE),
    });
    renderWithProviders(<CompaniesSection />);
    await openDoe();

    fireEvent.change(screen.getByLabelText('Role of Bob Books'), { target: { value: 'buyer' } });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Company role updated' }),
    );
    expect(calls).toEqual([
      { url: '/api/admin/companies/3/members/9', method: 'PATCH', body: { role: 'buyer' } },
    ]);

    fireEvent.change(screen.getByLabelText('Role of Jane Doe'), { target: { value: 'viewer' } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: LAST_OWNER_MESSAGE }),
    );
    // The select shows the role the company still gives her.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Role of Jane Doe').value).toBe('owner'),
    );
  });

  it("records a location's tax exemption after the server's field refusal is fixed", async () => {
    const url = '/api/admin/companies/3/locations/11/tax-exemption';
    let refuse = true;
    const { calls } = stubCompanies({
      [url]: () =>
        refuse
          ? jsonResponse(
              {
                code: 'VALIDATION_FAILED',
                message: 'The expiry date has already passed',
                requestId: 'req-test',
                details: [{ field: 'expiresOn', message: 'The expiry date has already passed' }],
              },
              { status: 400 },
            )
          : jsonResponse({ message: 'Tax exemption saved' }),
    });
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    expect(screen.getByText('Not exempt')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tax exemption of Main location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tax exemption of Main location' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save exemption' }));
    expect(await within(dialog).findByText('Enter the certificate number')).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Certificate number/), { target: { value: 'RS-9' } });
    fireEvent.change(within(dialog).getByLabelText(/State/), { target: { value: 'ca' } });
    fireEvent.change(within(dialog).getByLabelText(/Expires on/), { target: { value: '2031-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save exemption' }));
    expect(await within(dialog).findByText('The expiry date has already passed')).toBeInTheDocument();
    expect(calls).toEqual([
      { url, method: 'PUT', body: { certificateNumber: 'RS-9', state: 'CA', expiresOn: '2031-01-01' } },
    ]);

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/Expires on/), { target: { value: '2032-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save exemption' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Tax exemption saved' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds a customer found by e-mail with a role, and says when no customer has the e-mail', async () => {
    const { calls } = stubCompanies({
      '/api/admin/companies/3/members': () => jsonResponse({ message: 'Person added to the company' }),
    });
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    fireEvent.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });

    fireEvent.change(within(dialog).getByLabelText(/Customer e-mail/), {
      target: { value: 'nobody@x.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText('No customer has this e-mail')).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Customer e-mail/), {
      target: { value: 'Cara@Other.test' },
    });
    expect(within(dialog).getByText('Cara Customer, now at Other Shop')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Role in the company'), { target: { value: 'viewer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Person added to the company' }),
    );
    expect(calls).toEqual([
      { url: '/api/admin/companies/3/members', method: 'POST', body: { userId: 31, role: 'viewer' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add person' })).toBeNull());
  });

  it('merges another company after a confirmation that says what will move', async () => {
    const { calls } = stubCompanies({
      '/api/admin/companies/3/merge': () =>
        jsonResponse({ message: 'Companies merged', moved: { people: 1, locations: 1, orders: 2 } }),
    });
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    fireEvent.click(screen.getByRole('button', { name: 'Merge another company into this one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge another company into this one' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose the company to merge into this one')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Find the company'), { target: { value: 'doe' } });
    // The company itself is not offered.
    const choice = await within(dialog).findByRole('radio', { name: /Doe Botanicals \(again\)/ });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(choice);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('dialog', {
      name: "Merge 'Doe Botanicals (again)' into 'Doe Botanicals'?",
    });
    expect(confirm).toHaveTextContent(
      "Everything of 'Doe Botanicals (again)' moves into 'Doe Botanicals': 1 person with their roles and support messages, 1 location (none of them the default: 'Doe Botanicals' keeps its own) and 2 orders. 'Doe Botanicals (again)' is then deleted. This cannot be undone.",
    );
    expect(calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge companies' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'Companies merged: 1 person, 1 location and 2 orders moved.',
      }),
    );
    expect(calls).toEqual([
      { url: '/api/admin/companies/3/merge', method: 'POST', body: { fromCompanyId: 8 } },
    ]);
  });
});
