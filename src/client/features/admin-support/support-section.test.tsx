// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSupportListResponse } from '../../../shared/schemas/admin-support';
import { AppRouter, createMemoryHistory } from '../../lib/app-router';
import { createQueryClient } from '../../lib/query-client';
import { SupportSection } from '../../routes/admin/sections/support-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import {
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';
import { buildSupportMessage, supportListOf } from './support-test-support';
import { loseFocus } from '../../test-support/focus';

registerCartTestHooks();

const LIST_PATH = '/api/admin/support/messages';

const orderContext = {
  id: 12,
  orderNumber: 'WO-1012',
  status: 'shipped',
  createdAt: '2031-02-01T09:00:00.000Z',
  customerName: 'Jane Doe',
  customerEmail: 'jane@shop.test',
  businessName: 'Doe Botanicals',
  notes: 'Leave at the back door',
  shopifyOrderId: '#5012',
} as const;

const orderIssue = buildSupportMessage({
  id: 2,
  subject: 'Order Issue - Order #12',
  priority: 'high',
  message: 'Two bottles arrived broken.\nPlease send replacements.',
  createdAt: '2031-03-05T08:15:00.000Z',
  customer: {
    id: 6,
    name: 'Sam Lee',
    email: 'sam@mist.test',
    phone: 'Not provided',
    businessName: 'Mist & Co',
    accountCreated: '2030-06-01T12:00:00.000Z',
  },
  order: orderContext,
  recentOrders: [
    { id: 12, orderNumber: 'WO-1012', date: '2031-02-01T09:00:00.000Z', status: 'shipped', total: '313.80' },
    { id: 9, orderNumber: 'WO-1009', date: '2031-01-10T09:00:00.000Z', status: 'delivered', total: '98.50' },
  ],
});
const question = buildSupportMessage();

type Handlers = Parameters<typeof stubFetch>[0];

function stubList(
  list: AdminSupportListResponse | (() => Response | Promise<Response>),
  more: Handlers = {},
) {
  return stubFetch({
    [LIST_PATH]: typeof list === 'function' ? list : () => jsonResponse(list),
    ...more,
  });
}

/** The section inside the dashboard's address, e.g. a link from the Orders section. */
function renderSection(path = '/admin?section=support') {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <AppRouter history={history}>
        <SupportSection />
      </AppRouter>
    </QueryClientProvider>,
  );
  return history;
}

/** The query strings of every GET of the list so far. */
function listQueries(fetchMock: ReturnType<typeof stubFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === LIST_PATH)
    .map((url) => url.searchParams);
}

const lastListQuery = (fetchMock: ReturnType<typeof stubFetch>) => listQueries(fetchMock).at(-1);

function patchesTo(fetchMock: ReturnType<typeof stubFetch>, id: number) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => requestUrl(input) === `${LIST_PATH}/${id}` && init?.method === 'PATCH',
  );
}

/** The table row showing `subject`, once it is there. */
function findRow(subject: string) {
  return waitFor(() => {
    const row = within(screen.getByRole('table', { name: 'Support messages' }))
      .getAllByRole('row')
      .find((candidate) => within(candidate).queryByText(subject));
    if (!row) throw new Error(`no row for ${subject}`);
    return row;
  });
}

const statusSelect = (row: HTMLElement) => within(row).getByLabelText<HTMLSelectElement>(/^Status of /);

describe('SupportSection', () => {
  it("shows the heading, 'Loading support messages...' and then each message newest first with its details", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubList(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderSection();

    expect(screen.getByRole('heading', { level: 1, name: 'Support Inbox' })).toBeInTheDocument();
    expect(
      screen.getByText(/Messages customers send from the support page, newest first/),
    ).toBeInTheDocument();
    expect(await screen.findByText('Loading support messages...')).toBeInTheDocument();

    answer(jsonResponse(supportListOf([orderIssue, question])));
    const table = await screen.findByRole('table', { name: 'Support messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      format(new Date('2031-03-05T08:15:00.000Z'), 'MMM d, yyyy h:mm a'),
      format(new Date('2031-03-04T15:30:00.000Z'), 'MMM d, yyyy h:mm a'),
    ]);

    const issue = within(rows[0]!);
    expect(issue.getByText('Order Issue - Order #12')).toBeInTheDocument();
    expect(issue.getByText(/Two bottles arrived broken/)).toBeInTheDocument();
    expect(issue.getByText('High')).toBeInTheDocument();
    expect(issue.getByText('Sam Lee')).toBeInTheDocument();
    expect(issue.getByText('Mist & Co')).toBeInTheDocument();
    expect(issue.getByRole('link', { name: 'sam@mist.test' }).getAttribute('href')).toBe(
      'mailto:sam@mist.test?subject=Re%3A%20Order%20Issue%20-%20Order%20%2312',
    );
    expect(issue.getByRole('link', { name: /WO-1012/ })).toBeInTheDocument();
    expect(statusSelect(rows[0]!).value).toBe('open');

    const asked = within(rows[1]!);
    // The subject's label, not its stored value.
    expect(asked.getByText('Product Question')).toBeInTheDocument();
    expect(asked.getByText('Medium')).toBeInTheDocument();
    expect(asked.getByText('Doe Botanicals')).toBeInTheDocument();
    expect(asked.getByText('—')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 messages')).toBeInTheDocument();
  });

  it('makes a high priority stand out from medium and low', async () => {
    stubList(
      supportListOf([
        buildSupportMessage({ id: 1, priority: 'high', subject: 'billing-issue' }),
        buildSupportMessage({ id: 2, priority: 'medium', subject: 'shipping-delay' }),
        buildSupportMessage({ id: 3, priority: 'low', subject: 'other' }),
      ]),
    );
    renderSection();

    const variant = async (subject: string, label: string) =>
      within(await findRow(subject))
        .getByText(label)
        .closest('[data-variant]')
        ?.getAttribute('data-variant');
    expect(await variant('Billing Issue', 'High')).toBe('destructive');
    expect(await variant('Shipping Delay', 'Medium')).not.toBe('destructive');
    expect(await variant('Other', 'Low')).not.toBe('destructive');
  });

  it('filters by status with All, Open, Answered and Closed, each with its count, from page 1', async () => {
    const fetchMock = stubList(
      supportListOf([question], { counts: { open: 3, answered: 2, closed: 7 }, total: 12, totalPages: 1 }),
    );
    renderSection();
    await findRow('Product Question');
    expect(lastListQuery(fetchMock)?.toString()).toBe('page=1&limit=20');

    const filter = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All12', 'Open3', 'Answered2', 'Closed7']);
    const all = within(filter).getByRole('button', { name: /^All/ });
    expect(all.getAttribute('aria-pressed')).toBe('true');

    const answered = within(filter).getByRole('button', { name: /^Answered/ });
    fireEvent.click(answered);
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('answered'));
    expect(lastListQuery(fetchMock)?.get('page')).toBe('1');
    expect(answered.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(all);
    await waitFor(() => expect(lastListQuery(fetchMock)?.has('status')).toBe(false));
  });

  it('saves a new status from the row at once, disabled while saving, and says so', async () => {
    let answer: (response: Response) => void = () => undefined;
    let stored = question;
    const fetchMock = stubList(() => jsonResponse(supportListOf([stored])), {
      [`${LIST_PATH}/1`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSection();
    const row = await findRow('Product Question');
    const select = statusSelect(row);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Open', 'Answered', 'Closed']);

    fireEvent.change(select, { target: { value: 'answered' } });
    await waitFor(() => expect(select.disabled).toBe(true));
    expect(select.value).toBe('answered');
    const [patch] = patchesTo(fetchMock, 1);
    expect(JSON.parse(requestBody(patch?.[1]))).toEqual({ status: 'answered' });

    stored = { ...question, status: 'answered' };
    answer(jsonResponse({ message: stored }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Message status updated', {
        description: 'Marked as Answered.',
      }),
    );
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(statusSelect(await findRow('Product Question')).value).toBe('answered');
    // The list (and its counts) is asked for again.
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
  });

  it("gives the focus back to the row's dropdown once a status is saved", async () => {
    let answer: (response: Response) => void = () => undefined;
    let stored = question;
    stubList(() => jsonResponse(supportListOf([stored])), {
      [`${LIST_PATH}/1`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSection();
    const select = statusSelect(await findRow('Product Question'));
    select.focus();
    fireEvent.change(select, { target: { value: 'answered' } });
    await waitFor(() => expect(select.disabled).toBe(true));
    // A browser drops the focus of a control that becomes disabled (happy-dom keeps it).
    loseFocus();
    stored = { ...question, status: 'answered' };
    answer(jsonResponse({ message: stored }));
    await waitFor(() => expect(select.disabled).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(select));
  });

  it("toasts the server's message, or 'Failed to update message status', and keeps the stored status", async () => {
    let networkDown = false;
    stubList(supportListOf([question]), {
      [`${LIST_PATH}/1`]: () => {
        if (networkDown) throw new TypeError('Failed to fetch');
        return errorResponse(404, 'Support message not found');
      },
    });
    renderSection();
    const select = statusSelect(await findRow('Product Question'));

    fireEvent.change(select, { target: { value: 'closed' } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Support message not found' }),
    );
    await waitFor(() => expect(select.value).toBe('open'));

    networkDown = true;
    fireEvent.change(select, { target: { value: 'answered' } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update message status' }),
    );
    await waitFor(() => expect(select.value).toBe('open'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says 'No support messages' when the inbox is empty", async () => {
    stubList(supportListOf([]));
    renderSection();
    expect(await screen.findByText('No support messages')).toBeInTheDocument();
    expect(
      screen.getByText('Messages customers send from the support page appear here.'),
    ).toBeInTheDocument();
  });

  it('shows an error block with Retry when the list cannot be loaded, and loads again on Retry', async () => {
    let fail = true;
    stubList(() =>
      fail ? errorResponse(500, 'Database unavailable') : jsonResponse(supportListOf([question])),
    );
    renderSection();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load support messages: Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findRow('Product Question')).toBeTruthy();
  });

  it("shows only an order's messages when linked with ?order=, and the chip clears that filter", async () => {
    const fetchMock = stubList(() =>
      jsonResponse(
        supportListOf(lastListQuery(fetchMock)?.has('orderId') ? [orderIssue] : [orderIssue, question]),
      ),
    );
    const history = renderSection('/admin?section=support&order=12');

    await findRow('Order Issue - Order #12');
    expect(lastListQuery(fetchMock)?.get('orderId')).toBe('12');
    expect(screen.queryByText('Product Question')).toBeNull();
    // Already filtered by that order: its number is plain text, not a link to the same filter.
    expect(screen.queryByRole('link', { name: /WO-1012/ })).toBeNull();

    const chip = screen.getByRole('button', { name: /^Order WO-1012/ });
    expect(chip.textContent).toBe('Order WO-1012');
    fireEvent.click(chip);

    await findRow('Product Question');
    expect(lastListQuery(fetchMock)?.has('orderId')).toBe(false);
    expect(screen.queryByRole('button', { name: /^Order WO-1012/ })).toBeNull();
    expect(history.location.search).toBe('?section=support');
  });

  it('explains an empty list filtered by order', async () => {
    stubList(supportListOf([]));
    renderSection('/admin?section=support&order=12');
    expect(await screen.findByText('No support messages')).toBeInTheDocument();
    expect(screen.getByText('Clear the order filter to see every message.')).toBeInTheDocument();
  });

  it('ignores an order parameter that cannot be an order', async () => {
    const fetchMock = stubList(supportListOf([question]));
    renderSection('/admin?section=support&order=abc');
    await findRow('Product Question');
    expect(lastListQuery(fetchMock)?.has('orderId')).toBe(false);
    expect(screen.queryByRole('button', { name: /^Order / })).toBeNull();
  });

  it("filters by a row's order when its order number is clicked", async () => {
    const fetchMock = stubList(supportListOf([orderIssue, question]));
    const history = renderSection();
    const row = await findRow('Order Issue - Order #12');

    fireEvent.click(within(row).getByRole('link', { name: /WO-1012/ }));
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('orderId')).toBe('12'));
    expect(history.location.search).toBe('?section=support&order=12');
    expect(screen.getByRole('button', { name: /^Order WO-1012/ })).toBeInTheDocument();
  });

  it('shows a message in full with its customer, order context and recent orders', async () => {
    stubList(supportListOf([orderIssue]));
    renderSection();
    const row = await findRow('Order Issue - Order #12');

    fireEvent.click(within(row).getByRole('button', { name: 'View Order Issue - Order #12 from Sam Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Issue - Order #12' });
    const view = within(dialog);
    expect(view.getByText(/Two bottles arrived broken\.\s+Please send replacements\./)).toBeInTheDocument();
    expect(view.getByText('Not provided')).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'sam@mist.test' })).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toMatch(
      /^mailto:sam@mist\.test\?subject=/,
    );
    expect(view.getByRole('heading', { name: 'Order WO-1012' })).toBeInTheDocument();
    expect(view.getByText('Shipped', { selector: 'dd' })).toBeInTheDocument();
    expect(view.getByText('Shopify order #5012')).toBeInTheDocument();
    expect(view.getByText('Leave at the back door')).toBeInTheDocument();
    const recent = within(view.getByRole('list', { name: 'Recent orders' })).getAllByRole('listitem');
    expect(recent.map((item) => item.textContent)).toEqual([
      `WO-1012${format(new Date('2031-02-01T09:00:00.000Z'), 'MMM d, yyyy')}Shipped$313.80`,
      `WO-1009${format(new Date('2031-01-10T09:00:00.000Z'), 'MMM d, yyyy')}Delivered$98.50`,
    ]);

    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sets the status from the message dialog, which keeps showing it once the list's filter drops it", async () => {
    let closed = false;
    const fetchMock = stubList(() => jsonResponse(supportListOf(closed ? [] : [question])), {
      [`${LIST_PATH}/1`]: () => {
        closed = true;
        return jsonResponse({ message: { ...question, status: 'closed' } });
      },
    });
    renderSection();
    await findRow('Product Question');
    fireEvent.click(screen.getByRole('button', { name: /^Open/ }));
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('open'));

    fireEvent.click(within(await findRow('Product Question')).getByRole('button', { name: /^View/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Product Question' });
    const group = within(dialog).getByRole('group', { name: 'Message status' });
    expect(within(group).getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(group).getByRole('button', { name: 'Closed' }));
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(JSON.parse(requestBody(patchesTo(fetchMock, 1)[0]?.[1]))).toEqual({ status: 'closed' });
    // The refetched 'Open' list no longer holds it; the dialog still shows the message and its new status.
    expect(await screen.findByText('No support messages')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Product Question' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("holds the row's select and the dialog's buttons alike while either of them saves a change", async () => {
    let answer: (response: Response) => void = () => undefined;
    let stored = question;
    const fetchMock = stubList(() => jsonResponse(supportListOf([stored])), {
      [`${LIST_PATH}/1`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSection();
    const viewMessage = async () => {
      fireEvent.click(within(await findRow('Product Question')).getByRole('button', { name: /^View/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Product Question' });
      return within(dialog).getByRole('group', { name: 'Message status' });
    };
    const buttonsDisabled = (group: HTMLElement) =>
      within(group)
        .getAllByRole<HTMLButtonElement>('button')
        .map((button) => button.disabled);

    // Saved from the dialog: the row behind it shows the change and takes no other meanwhile.
    let group = await viewMessage();
    fireEvent.click(within(group).getByRole('button', { name: 'Answered' }));
    const select = statusSelect(await findRow('Product Question'));
    await waitFor(() => expect(select.disabled).toBe(true));
    expect(select.value).toBe('answered');
    expect(buttonsDisabled(group)).toEqual([true, true, true]);
    stored = { ...question, status: 'answered' };
    answer(jsonResponse({ message: stored }));
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('answered');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Saved from the row: the dialog opened meanwhile shows the change and offers no other.
    fireEvent.change(select, { target: { value: 'closed' } });
    group = await viewMessage();
    expect(buttonsDisabled(group)).toEqual([true, true, true]);
    expect(within(group).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    stored = { ...question, status: 'closed' };
    answer(jsonResponse({ message: stored }));
    await waitFor(() => expect(buttonsDisabled(group)).toEqual([false, false, false]));
    expect(within(group).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    expect(patchesTo(fetchMock, 1)).toHaveLength(2);
  });

  it('pages with Previous and Next', async () => {
    const fetchMock = stubList(() => {
      const page = Number(lastListQuery(fetchMock)?.get('page') ?? 1);
      return jsonResponse(
        supportListOf([buildSupportMessage({ id: page, subject: page === 1 ? 'other' : 'billing-issue' })], {
          page,
          total: 25,
          totalPages: 2,
        }),
      );
    });
    renderSection();
    await findRow('Other');
    expect(screen.getByText('Showing 1–20 of 25 messages')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await findRow('Billing Issue');
    expect(lastListQuery(fetchMock)?.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 21–25 of 25 messages')).toBeInTheDocument();
    // The focus goes to the list, not to the page with Next now disabled.
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: 'Support messages, page 2 of 2' }),
    );
  });

  it('stacks the messages into a list on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    stubList(supportListOf([orderIssue]));
    renderSection();

    const list = await screen.findByRole('list', { name: 'Support messages' });
    expect(within(list).getByText('Order Issue - Order #12')).toBeInTheDocument();
    expect(within(list).getByText('High')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'sam@mist.test' })).toBeInTheDocument();
    expect(within(list).getByLabelText('Status of Order Issue - Order #12 from Sam Lee')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^View/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
