// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_OWNER_MESSAGE,
  type AdminCompanyDetail,
  type AdminCompanyListResponse,
} from '../../../shared/schemas/admin-companies';
import type { AdminUser } from '../../../shared/schemas/admin-users';
import { CREDIT_MESSAGES } from '../../../shared/schemas/credit';
import { SEND_REMINDER_MESSAGES, type DueReminder } from '../../../shared/schemas/reorder-reminders';
import { toast } from '../../lib/toast';
import { sendNowLabel } from './due-reminders';
import { CompaniesSection } from '../../routes/admin/sections/companies-section';
import { renderWithProviders } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

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
    {
      id: 41,
      action: 'company.settings',
      entityType: 'company',
      entityId: '3',
      actor: 'Ada Admin',
      before: { creditLimit: null, reorderReminders: true, reorderIntervalDays: null },
      after: { creditLimit: 100000, reorderReminders: true, reorderIntervalDays: 30 },
      createdAt: '2031-03-07T10:00:00.000Z',
    },
    {
      id: 42,
      action: 'company.reorder-reminder-sent',
      entityType: 'company',
      entityId: '3',
      actor: 'Ada Admin',
      before: null,
      after: { to: 'jane@shop.test' },
      createdAt: '2031-03-08T10:00:00.000Z',
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
    '/api/admin/reorder-reminders/due': () => jsonResponse({ companies: [] }),
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
    expect(
      screen.getByText('Credit limit: No limit → $1,000.00; Reorder interval: learned → every 30 days'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reorder reminder sent now to jane@shop.test')).toBeInTheDocument();
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

/** A 400 of the Companies API naming the field, as the server sends it. */
const fieldRefusal = (field: string, message: string) =>
  jsonResponse(
    { code: 'VALIDATION_FAILED', message, requestId: 'req-test', details: [{ field, message }] },
    { status: 400 },
  );

/**
 * The company's page served from `current`, which a PATCH changes as the server would (the credit limit in
 * dollars, the reminder settings); `refuse` answers a PATCH instead when it returns a response.
 */
function stubSettings(refuse: (body: Record<string, unknown>) => Response | null = () => null) {
  let current: AdminCompanyDetail = {
    ...detail,
    credit: {
      limit: '1000.00',
      openBalance: '766.00',
      available: '234.00',
      usedPercent: 77,
      ordersOnHold: 1,
    },
    reorder: {
      reminders: true,
      fixedIntervalDays: null,
      learnedIntervalDays: 28,
      nextDueAt: '2031-03-20T10:00:00.000Z',
      lastSentAt: null,
    },
  };
  const stub = stubCompanies({
    '/api/admin/companies/3': ({ init }) => {
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(current);
      const body = JSON.parse(init?.body as string) as Record<string, unknown>;
      const refused = refuse(body);
      if (refused) return refused;
      const limit = body.creditLimit;
      current = {
        ...current,
        credit:
          limit === undefined
            ? current.credit
            : limit === null
              ? { ...current.credit, limit: null, available: null, usedPercent: null }
              : { ...current.credit, limit: (limit as number).toFixed(2) },
        reorder: {
          ...current.reorder,
          ...(body.reorderReminders === undefined ? {} : { reminders: body.reorderReminders as boolean }),
          ...(body.reorderIntervalDays === undefined
            ? {}
            : { fixedIntervalDays: body.reorderIntervalDays as number | null }),
        },
      };
      return jsonResponse({ message: CREDIT_MESSAGES.settingsSaved });
    },
  });
  return { ...stub, saves: () => stub.calls.filter((call) => call.url === '/api/admin/companies/3') };
}

/** The figure a card shows under `label`. */
const figure = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('CompaniesSection: credit', () => {
  it("shows the limit, open balance, 'Credit available', the share used and the orders on hold", async () => {
    stubSettings();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Credit' });
    expect(figure(card, 'Credit limit')).toBe('$1,000.00');
    expect(figure(card, 'Open balance')).toBe('$766.00');
    expect(figure(card, 'Credit available')).toBe('$234.00');
    expect(figure(card, 'Limit used')).toBe('77%');
    expect(figure(card, 'Orders on hold')).toBe('1');
    expect(within(card).getByLabelText<HTMLInputElement>(/Credit limit \(dollars\)/).value).toBe('1000.00');
  });

  it('says when no limit is set', async () => {
    stubCompanies();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Credit' });
    expect(figure(card, 'Credit limit')).toBe('No limit');
    expect(figure(card, 'Credit available')).toBe('—');
    expect(within(card).getByLabelText<HTMLInputElement>(/Credit limit \(dollars\)/).value).toBe('');
  });

  it('judges the limit as the server does before sending, then saves it in dollars and shows it', async () => {
    const { saves, fetchMock } = stubSettings();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Credit' });
    const field = within(card).getByLabelText<HTMLInputElement>(/Credit limit \(dollars\)/);
    const save = within(card).getByRole('button', { name: 'Save credit limit' });

    for (const [typed, message] of [
      ['12.345', CREDIT_MESSAGES.limitInvalid],
      ['-5', CREDIT_MESSAGES.limitInvalid],
      ['ten', CREDIT_MESSAGES.limitInvalid],
      ['100000000', CREDIT_MESSAGES.limitTooLarge],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(save);
      expect(await within(card).findByText(message), typed).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(saves()).toEqual([]);

    fireEvent.change(field, { target: { value: '$2,500.5' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Company settings saved' }),
    );
    expect(saves()).toEqual([
      { url: '/api/admin/companies/3', method: 'PATCH', body: { creditLimit: 2500.5 } },
    ]);
    // The page is asked again, and shows the limit as the server now has it.
    await waitFor(() => expect(figure(card, 'Credit limit')).toBe('$2,500.50'));
    expect(countCalls(fetchMock, '/api/admin/companies/3')).toBeGreaterThanOrEqual(3);
    expect(field.value).toBe('2500.50');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('clears the limit when the field is emptied, and sends nothing when it is unchanged', async () => {
    const { saves } = stubSettings();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Credit' });
    const field = within(card).getByLabelText(/Credit limit \(dollars\)/);
    const save = within(card).getByRole('button', { name: 'Save credit limit' });

    fireEvent.change(field, { target: { value: '1000' } });
    fireEvent.click(save);
    expect(await within(card).findByText('Nothing to save: the limit is unchanged.')).toBeInTheDocument();
    expect(saves()).toEqual([]);

    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(save);
    await waitFor(() => expect(figure(card, 'Credit limit')).toBe('No limit'));
    expect(saves()).toEqual([
      { url: '/api/admin/companies/3', method: 'PATCH', body: { creditLimit: null } },
    ]);
  });

  it("shows the server's refusal under the field it names", async () => {
    stubSettings((body) =>
      body.creditLimit === undefined ? null : fieldRefusal('creditLimit', CREDIT_MESSAGES.limitInvalid),
    );
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Credit' });
    const field = within(card).getByLabelText(/Credit limit \(dollars\)/);
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save credit limit' }));
    expect(await within(card).findByText(CREDIT_MESSAGES.limitInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('CompaniesSection: reorder reminders', () => {
  it('shows the learned interval, the next due date and the last reminder', async () => {
    stubSettings();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Reorder reminders' });
    expect(figure(card, 'Learned interval')).toBe('Every 28 days');
    expect(figure(card, 'Next reminder due')).toBe('Mar 20, 2031');
    expect(figure(card, 'Last reminder sent')).toBe('Never');
    expect(within(card).getByLabelText<HTMLInputElement>('Send reorder reminders').checked).toBe(true);
    expect(
      within(card).getByLabelText<HTMLInputElement>('Learned from its orders (every 28 days)').checked,
    ).toBe(true);
  });

  it('turns reminders off, fixes an interval judged as the server does, and goes back to the learned one', async () => {
    const { saves } = stubSettings();
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Reorder reminders' });
    const save = within(card).getByRole('button', { name: 'Save reminder settings' });

    fireEvent.click(within(card).getByLabelText('Send reorder reminders'));
    fireEvent.click(save);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Company settings saved' }),
    );
    expect(saves().map((call) => call.body)).toEqual([{ reorderReminders: false }]);
    await waitFor(() =>
      expect(within(card).getByLabelText<HTMLInputElement>('Send reorder reminders').checked).toBe(false),
    );

    const days = within(card).getByLabelText(/Days between orders/);
    for (const typed of ['0', '366', '2.5', 'monthly']) {
      fireEvent.change(days, { target: { value: typed } });
      expect(within(card).getByLabelText<HTMLInputElement>('A fixed interval').checked).toBe(true);
      fireEvent.click(save);
      expect(await within(card).findByText(CREDIT_MESSAGES.intervalInvalid), typed).toBeInTheDocument();
    }
    expect(saves()).toHaveLength(1);

    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(save);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toEqual({ reorderIntervalDays: 30 });
    await waitFor(() => expect(within(card).queryByText(CREDIT_MESSAGES.intervalInvalid)).toBeNull());

    fireEvent.click(within(card).getByLabelText('Learned from its orders (every 28 days)'));
    fireEvent.click(save);
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]?.body).toEqual({ reorderIntervalDays: null });
  });

  it("shows the server's refusal of the interval under it", async () => {
    stubSettings(() => fieldRefusal('reorderIntervalDays', CREDIT_MESSAGES.intervalInvalid));
    renderWithProviders(<CompaniesSection />);
    await openDoe();
    const card = screen.getByRole('region', { name: 'Reorder reminders' });
    const days = within(card).getByLabelText(/Days between orders/);
    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder settings' }));
    expect(await within(card).findByText(CREDIT_MESSAGES.intervalInvalid)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });
});

const dueDoe: DueReminder = {
  companyId: 3,
  companyName: 'Doe Botanicals',
  lastOrder: { id: 1, orderNumber: 'WO-1001', createdAt: '2031-02-04T15:30:00.000Z' },
  intervalDays: 28,
  intervalSource: 'learned',
  dueAt: '2031-03-08T12:00:00.000Z',
  recipient: { name: 'Jane Doe', email: 'jane@shop.test' },
};

describe('CompaniesSection: due this week', () => {
  it('shows loading, then each company due with its last order, interval, due date and recipient', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubCompanies({
      '/api/admin/reorder-reminders/due': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<CompaniesSection />);
    const card = screen.getByRole('region', { name: 'Due this week' });
    expect(await within(card).findByText('Loading reorder reminders...')).toBeInTheDocument();

    answer(
      jsonResponse({
        companies: [
          dueDoe,
          {
            ...dueDoe,
            companyId: 8,
            companyName: 'Doe Botanicals (again)',
            intervalDays: 14,
            intervalSource: 'fixed',
            dueAt: '2031-03-10T12:00:00.000Z',
            recipient: null,
          },
        ],
      }),
    );
    const list = await within(card).findByRole('list', { name: 'Reorder reminders due this week' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Last order: WO-1001, Feb 4, 2031');
    expect(first).toHaveTextContent('Interval: Every 28 days (learned)');
    expect(first).toHaveTextContent('Due: Mar 8, 2031');
    expect(first).toHaveTextContent('Goes to: Jane Doe (jane@shop.test)');
    expect(second).toHaveTextContent('Interval: Every 14 days (fixed)');
    expect(second).toHaveTextContent('Goes to: Nobody can receive it');
  });

  it("opens a due company's page", async () => {
    stubCompanies({ '/api/admin/reorder-reminders/due': () => jsonResponse({ companies: [dueDoe] }) });
    renderWithProviders(<CompaniesSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open company Doe Botanicals' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Doe Botanicals' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Due this week' })).toBeNull();
  });

  it('says when none is due, and shows a failed load with Retry', async () => {
    let fail = true;
    stubCompanies({
      '/api/admin/reorder-reminders/due': () =>
        fail ? errorResponse(500, 'Database is resting') : jsonResponse({ companies: [] }),
    });
    renderWithProviders(<CompaniesSection />);
    const card = screen.getByRole('region', { name: 'Due this week' });
    expect(
      await within(card).findByText('Error loading reorder reminders: Database is resting'),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('No reorder reminders due this week')).toBeInTheDocument();
  });

  it("sends a company's reminder now: the server's message, then the list asked again", async () => {
    let answer: (response: Response) => void = () => undefined;
    const noRecipient = { ...dueDoe, companyId: 8, companyName: 'Doe Botanicals (again)', recipient: null };
    const { calls, fetchMock } = stubCompanies({
      '/api/admin/reorder-reminders/due': () => jsonResponse({ companies: [dueDoe, noRecipient] }),
      '/api/admin/reorder-reminders/3/send': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<CompaniesSection />);
    const send = await screen.findByRole('button', { name: sendNowLabel('Doe Botanicals') });
    expect(send).toHaveTextContent('Send now');
    // Nobody can receive the other company's reminder: nothing to send.
    expect(screen.getByRole('button', { name: sendNowLabel('Doe Botanicals (again)') })).toBeDisabled();
    const listLoads = countCalls(fetchMock, '/api/admin/reorder-reminders/due');

    fireEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveTextContent('Sending...');
    expect(calls).toEqual([{ url: '/api/admin/reorder-reminders/3/send', method: 'POST', body: undefined }]);

    answer(jsonResponse({ message: SEND_REMINDER_MESSAGES.sent('jane@shop.test') }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'Reorder reminder sent to jane@shop.test',
      }),
    );
    await waitFor(() =>
      expect(countCalls(fetchMock, '/api/admin/reorder-reminders/due')).toBe(listLoads + 1),
    );
    await waitFor(() => expect(send).toBeEnabled());
    expect(send).toHaveTextContent('Send now');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of 'Send now' as an error, and asks for the list again", async () => {
    const { fetchMock } = stubCompanies({
      '/api/admin/reorder-reminders/due': () => jsonResponse({ companies: [dueDoe] }),
      '/api/admin/reorder-reminders/3/send': () => errorResponse(409, SEND_REMINDER_MESSAGES.alreadySent),
    });
    renderWithProviders(<CompaniesSection />);
    const send = await screen.findByRole('button', { name: sendNowLabel('Doe Botanicals') });
    const listLoads = countCalls(fetchMock, '/api/admin/reorder-reminders/due');
    fireEvent.click(send);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: SEND_REMINDER_MESSAGES.alreadySent }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(countCalls(fetchMock, '/api/admin/reorder-reminders/due')).toBe(listLoads + 1),
    );
  });
});
