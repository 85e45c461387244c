// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrderItem, AdminOrderListResponse } from '../../../shared/schemas/admin-orders';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import {
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder } from './admin-orders-test-support';
import { hasVisibleEdge } from '../../test-support/badge-edge';
import { loseFocus } from '../../test-support/focus';

registerCartTestHooks();

const items: AdminOrderItem[] = [
  {
    id: 11,
    productId: 1,
    name: '4 oz bottle',
    sku: '800-0001',
    quantity: 24,
    unit: 'bottle',
    caseCount: 2,
    price: '10.65',
    lineTotal: '255.60',
  },
  {
    id: 12,
    productId: 41,
    name: 'Free in-store tester',
    sku: '800-0003',
    quantity: 1,
    unit: 'tester',
    caseCount: null,
    price: '0.00',
    lineTotal: '0.00',
  },
];

type Handlers = Parameters<typeof stubFetch>[0];

function stubOrders(
  list: AdminOrderListResponse | (() => Response | Promise<Response>),
  more: Handlers = {},
) {
  return stubFetch({
    '/api/admin/orders': typeof list === 'function' ? list : () => jsonResponse(list),
    ...more,
  });
}

/** The query strings of every GET /api/admin/orders so far. */
function listQueries(fetchMock: ReturnType<typeof stubFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/orders')
    .map((url) => url.searchParams);
}

const lastListQuery = (fetchMock: ReturnType<typeof stubFetch>) => listQueries(fetchMock).at(-1);

async function findRow(orderNumber: string) {
  const cell = await screen.findByRole('cell', { name: orderNumber });
  const row = cell.closest('tr');
  if (!row) throw new Error('no row');
  return row;
}

describe('OrdersSection', () => {
  it("shows the heading, 'Loading orders...' and then the orders, newest first as the server sends them", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubOrders(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<OrdersSection />);

    expect(screen.getByRole('heading', { level: 1, name: 'Order Management' })).toBeInTheDocument();
    expect(screen.getByText('View and manage wholesale orders.')).toBeInTheDocument();
    expect(await screen.findByText('Loading orders...')).toBeInTheDocument();

    answer(
      jsonResponse(
        adminOrderListOf([
          buildAdminOrder({ id: 2, status: 'processing', businessName: 'Second Shop' }),
          buildAdminOrder({ id: 1 }),
        ]),
      ),
    );
    const row = await findRow('WO-1002');
    expect(
      within(row).getByText(format(new Date('2031-03-04T15:30:00.000Z'), 'MMM d, yyyy h:mm a')),
    ).toBeTruthy();
    expect(within(row).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(row).getByText('jane@shop.test')).toBeInTheDocument();
    expect(within(row).getByText('Second Shop')).toBeInTheDocument();
    expect(within(row).getByText('$313.80')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row');
    expect(rows.map((tableRow) => tableRow.querySelector('td')?.textContent).slice(1)).toEqual([
      'WO-1002',
      'WO-1001',
    ]);
  });

  it('shows each status with the badge style of docs/admin.md#orders', async () => {
    const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
    stubOrders(adminOrderListOf(statuses.map((status, index) => buildAdminOrder({ id: index + 1, status }))));
    renderWithProviders(<OrdersSection />);

    const variants: Record<string, string> = {};
    for (const [index, status] of statuses.entries()) {
      const row = await findRow(`WO-${1001 + index}`);
      const badge = within(row).getByText(status[0]!.toUpperCase() + status.slice(1), { selector: 'span' });
      variants[status] = badge.getAttribute('data-variant') ?? '';
      // A badge, not bare text: 'Processing' (secondary) once had a transparent edge on a pale fill.
      expect(hasVisibleEdge(badge), status).toBe(true);
    }
    expect(variants).toEqual({
      pending: 'outline',
      processing: 'secondary',
      shipped: 'default',
      delivered: 'default',
      cancelled: 'destructive',
    });
  });

  it("shows the buyer's PO number under the order number, and in the items dialog (issue 20)", async () => {
    stubOrders(
      adminOrderListOf([buildAdminOrder({ id: 2, poNumber: 'PO-2031-0042' }), buildAdminOrder({ id: 1 })]),
      { '/api/admin/orders/2/items': () => jsonResponse(items) },
    );
    renderWithProviders(<OrdersSection />);

    const withPo = await screen.findByRole('cell', { name: 'WO-1002 PO: PO-2031-0042' });
    expect(within(withPo).getByText('PO: PO-2031-0042')).toBeInTheDocument();
    expect(within(await findRow('WO-1001')).queryByText(/PO/)).toBeNull();

    const row = withPo.closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1002' });
    await within(dialog).findByRole('list', { name: 'Items of order WO-1002' });
    expect(within(dialog).getByText('PO number', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'PO-2031-0042',
    );
  });

  it('says in the search box that it finds PO numbers too', async () => {
    stubOrders(adminOrderListOf([buildAdminOrder()]));
    renderWithProviders(<OrdersSection />);
    expect(screen.getByLabelText('Search orders').getAttribute('placeholder')).toBe(
      'Customer, e-mail, business, order or PO number',
    );
    await findRow('WO-1001');
  });

  it("says 'No orders found' when nothing matches", async () => {
    stubOrders(adminOrderListOf([]));
    renderWithProviders(<OrdersSection />);
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('shows an error block with Retry when the list cannot be loaded, and loads again on Retry', async () => {
    let fail = true;
    stubOrders(() =>
      fail ? errorResponse(500, 'Database unavailable') : jsonResponse(adminOrderListOf([buildAdminOrder()])),
    );
    renderWithProviders(<OrdersSection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findRow('WO-1001')).toBeTruthy();
  });

  it('searches once the typing pauses, from page 1', async () => {
    const fetchMock = stubOrders(adminOrderListOf([buildAdminOrder()]));
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');
    expect(lastListQuery(fetchMock)?.toString()).toBe('page=1&limit=20');

    const search = screen.getByLabelText('Search orders');
    fireEvent.change(search, { target: { value: 'd' } });
    fireEvent.change(search, { target: { value: 'do' } });
    fireEvent.change(search, { target: { value: 'doe bot' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('search')).toBe('doe bot'));
    expect(listQueries(fetchMock).map((query) => query.get('search'))).toEqual([null, 'doe bot']);
    expect(lastListQuery(fetchMock)?.get('page')).toBe('1');
  });

  it("filters by status with All, Awaiting buyer's confirmation, Pending, On hold, Processing, Shipped, Delivered, Cancelled, Unpaid and Overdue", async () => {
    const fetchMock = stubOrders(adminOrderListOf([buildAdminOrder()]));
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');

    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      "Awaiting buyer's confirmation",
      'Pending',
      'On hold',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Unpaid',
      'Overdue',
    ]);
    fireEvent.change(filter, { target: { value: 'on_hold' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('on_hold'));
    fireEvent.change(filter, { target: { value: 'awaiting_confirmation' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('awaiting_confirmation'));
    fireEvent.change(filter, { target: { value: 'shipped' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('shipped'));
    fireEvent.change(filter, { target: { value: 'overdue' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('status')).toBe('overdue'));
  });

  it('pages with Previous and Next', async () => {
    const fetchMock = stubOrders(() => {
      const page = Number(lastListQuery(fetchMock)?.get('page') ?? 1);
      return jsonResponse(
        adminOrderListOf([buildAdminOrder({ id: page === 1 ? 30 : 10 })], { page, total: 25, totalPages: 2 }),
      );
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1030');
    expect(screen.getByText('Showing 1–20 of 25 orders')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await findRow('WO-1010');
    expect(lastListQuery(fetchMock)?.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it('moves the focus to the list after a page change, never leaving it on a disabled button', async () => {
    const fetchMock = stubOrders(() => {
      const page = Number(lastListQuery(fetchMock)?.get('page') ?? 1);
      return jsonResponse(
        adminOrderListOf([buildAdminOrder({ id: page === 1 ? 30 : 10 })], { page, total: 25, totalPages: 2 }),
      );
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1030');

    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    await findRow('WO-1010');
    const list = screen.getByRole('region', { name: 'Orders, page 2 of 2' });
    expect(document.activeElement).toBe(list);
    // Tab goes on from the list to the new page's rows.
    expect(within(list).getByRole('table', { name: 'Orders' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await findRow('WO-1030');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Orders, page 1 of 2' }));
  });

  it('offers the CSV export of the current filter', async () => {
    const fetchMock = stubOrders(adminOrderListOf([buildAdminOrder()]), {
      '/api/admin/orders/export.csv': () => errorResponse(503, 'Try later'),
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'Mist & Co' } });
    await waitFor(() => expect(lastListQuery(fetchMock)?.get('search')).toBe('Mist & Co'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('alert');
    expect(
      fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.includes('export.csv')),
    ).toEqual(['/api/admin/orders/export.csv?search=Mist+%26+Co&status=pending']);
  });

  it('changes a status from the row dropdown, disabled while saving, and says so', async () => {
    let answer: (response: Response) => void = () => undefined;
    let stored = buildAdminOrder();
    const fetchMock = stubOrders(() => jsonResponse(adminOrderListOf([stored])), {
      '/api/admin/orders/1/status': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');

    const select = within(row).getByLabelText<HTMLSelectElement>('Status of order WO-1001');
    fireEvent.change(select, { target: { value: 'processing' } });
    // Nothing is sent until the change is confirmed (it e-mails the customer).
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input) === '/api/admin/orders/1/status')).toBe(
      false,
    );
    // Moving a pending order to Processing is the approval, and the dialog says what it does.
    const dialog = within(screen.getByRole('dialog', { name: 'Approve order WO-1001?' }));
    expect(
      dialog.getByText(
        'Approving moves it to Processing and sends jane@shop.test the Shopify invoice for $313.80, to pay now, with an e-mail that the order is approved.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Approve and send invoice' }));
    await waitFor(() => expect(select.disabled).toBe(true));
    expect(select.value).toBe('processing');
    const patch = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/admin/orders/1/status');
    expect(patch?.[1]?.method).toBe('PATCH');
    // The version on screen, so an order the buyer changed meanwhile is not approved blindly.
    expect(JSON.parse(requestBody(patch?.[1]))).toEqual({ status: 'processing', version: 1 });

    stored = buildAdminOrder({ status: 'processing' });
    answer(
      jsonResponse({
        message: 'Order WO-1001 is now Processing',
        changed: true,
        order: buildAdminOrder({ status: 'processing' }),
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order status updated', {
        description: 'Order WO-1001 is now Processing',
      }),
    );
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(within(row).getByText('Processing', { selector: 'span' })).toBeInTheDocument();
  });

  describe('keeps the keyboard going after a status change', () => {
    /** The list as the server holds it: under the Pending filter, a processing order is not in it. */
    function stubStatusChanges() {
      let stored = [buildAdminOrder({ id: 1 }), buildAdminOrder({ id: 2 })];
      let answer: () => void = () => undefined;
      const fetchMock = stubOrders(
        () => {
          const status = lastListQuery(fetchMock)?.get('status');
          return jsonResponse(adminOrderListOf(stored.filter((order) => !status || order.status === status)));
        },
        {
          '/api/admin/orders/1/status': () =>
            new Promise<Response>((resolve) => {
              answer = () => {
                stored = stored.map((order) => (order.id === 1 ? { ...order, status: 'processing' } : order));
                resolve(
                  jsonResponse({
                    message: 'Order WO-1001 is now Processing',
                    changed: true,
                    order: stored[0],
                  }),
                );
              };
            }),
        },
      );
      return { answer: () => answer() };
    }

    async function changeToProcessing(select: HTMLSelectElement) {
      select.focus();
      fireEvent.change(select, { target: { value: 'processing' } });
      fireEvent.click(screen.getByRole('button', { name: 'Approve and send invoice' }));
      await waitFor(() => expect(select.disabled).toBe(true));
    }

    it('gives the focus back to the dropdown once the change is saved', async () => {
      const server = stubStatusChanges();
      renderWithProviders(<OrdersSection />);
      const select = within(await findRow('WO-1001')).getByLabelText<HTMLSelectElement>(
        'Status of order WO-1001',
      );
      await changeToProcessing(select);
      // A browser drops the focus of a control that becomes disabled (happy-dom keeps it).
      loseFocus();
      server.answer();
      await waitFor(() => expect(select.disabled).toBe(false));
      await waitFor(() => expect(document.activeElement).toBe(select));
    });

    it('moves the focus to the list when the change takes the row out of the filtered list', async () => {
      const server = stubStatusChanges();
      renderWithProviders(<OrdersSection />);
      await findRow('WO-1001');
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
      await waitFor(() =>
        expect(screen.getByRole('region', { name: /^Orders, page 1/ })).toBeInTheDocument(),
      );
      const select = within(await findRow('WO-1001')).getByLabelText<HTMLSelectElement>(
        'Status of order WO-1001',
      );
      await changeToProcessing(select);
      server.answer();
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'WO-1001' })).toBeNull());
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('region', { name: /^Orders, page 1/ })),
      );
    });
  });

  it("toasts the server's message, or 'Failed to update order status', when a change fails", async () => {
    let networkDown = false;
    stubOrders(adminOrderListOf([buildAdminOrder()]), {
      '/api/admin/orders/1/status': () => {
        if (networkDown) throw new TypeError('Failed to fetch');
        return errorResponse(404, 'Order not found');
      },
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');
    const select = within(row).getByLabelText<HTMLSelectElement>('Status of order WO-1001');

    fireEvent.change(select, { target: { value: 'shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Status' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Order not found' }),
    );
    await waitFor(() => expect(select.value).toBe('pending'));

    networkDown = true;
    fireEvent.change(select, { target: { value: 'cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Status' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update order status' }),
    );
  });

  it("offers an order awaiting the buyer's confirmation only Cancelled, and no other order that status", async () => {
    const fetchMock = stubOrders(
      adminOrderListOf([
        buildAdminOrder({ id: 2, status: 'awaiting_confirmation' }),
        buildAdminOrder({ id: 1 }),
      ]),
      {
        '/api/admin/orders/2/status': () =>
          jsonResponse({
            message: 'Order WO-1002 is now Cancelled',
            changed: true,
            order: buildAdminOrder({ id: 2, status: 'cancelled', version: 2 }),
          }),
      },
    );
    renderWithProviders(<OrdersSection />);
    const awaiting = await findRow('WO-1002');
    expect(
      within(awaiting).getByText("Awaiting buyer's confirmation", { selector: 'span' }),
    ).toBeInTheDocument();
    const select = within(awaiting).getByLabelText<HTMLSelectElement>('Status of order WO-1002');
    expect(select.value).toBe('awaiting_confirmation');
    const optionsOf = (element: HTMLElement) =>
      within(element)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(optionsOf(select)).toEqual(["Awaiting buyer's confirmation", 'Cancelled']);
    expect(optionsOf(within(await findRow('WO-1001')).getByLabelText('Status of order WO-1001'))).toEqual([
      'Pending',
      'On hold',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);

    // A move it does not offer (a stale page, a script) is not even asked for.
    fireEvent.change(select, { target: { value: 'processing' } });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(select, { target: { value: 'cancelled' } });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Change order WO-1002 to Cancelled?' })).getByRole('button', {
        name: 'Change Status',
      }),
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([input]) => requestUrl(input) === '/api/admin/orders/2/status')
          .map(([, init]) => JSON.parse(requestBody(init))),
      ).toEqual([{ status: 'cancelled', version: 1 }]),
    );
  });

  it('leaves the status as it was when the change is cancelled', async () => {
    const fetchMock = stubOrders(adminOrderListOf([buildAdminOrder()]));
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');
    const select = within(row).getByLabelText<HTMLSelectElement>('Status of order WO-1001');

    fireEvent.change(select, { target: { value: 'cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(select.value).toBe('pending'));
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input) === '/api/admin/orders/1/status')).toBe(
      false,
    );
  });

  it("shows an order's items in a dialog", async () => {
    stubOrders(adminOrderListOf([buildAdminOrder({ notes: 'Leave at the back door' })]), {
      '/api/admin/orders/1/items': () => jsonResponse(items),
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');

    fireEvent.click(within(row).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    const list = await within(dialog).findByRole('list', { name: 'Items of order WO-1001' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines[0]?.textContent).toContain('4 oz bottle');
    expect(lines[0]?.textContent).toContain('24 bottles (2 cases) × $10.65 per bottle');
    expect(lines[0]?.textContent).toContain('$255.60');
    expect(lines[1]?.textContent).toContain('1 tester');
    expect(lines[1]?.textContent).toContain('Free');
    expect(within(dialog).getByText('$313.80')).toBeInTheDocument();
    expect(within(dialog).getByText('Leave at the back door')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Failed to load order details' when the items cannot be loaded", async () => {
    stubOrders(adminOrderListOf([buildAdminOrder()]), {
      '/api/admin/orders/1/items': () => errorResponse(404, 'Order not found'),
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');

    fireEvent.click(within(row).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    expect(await within(dialog).findByText('Failed to load order details')).toBeInTheDocument();
    expect(within(dialog).getByText('Order not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        id: 'order-items-1',
        description: 'Failed to load order details',
      }),
    );
  });

  it("links an order with support messages to them as 'Messages (n)', and no other order", async () => {
    stubOrders(
      adminOrderListOf([buildAdminOrder({ id: 12, supportMessageCount: 2 }), buildAdminOrder({ id: 1 })]),
    );
    renderWithProviders(<OrdersSection />);

    const row = await findRow('WO-1012');
    const link = within(row).getByRole('link', { name: 'Messages (2) about order WO-1012' });
    expect(link.textContent).toBe('Messages (2)');
    expect(link.getAttribute('href')).toBe('/admin?section=support&order=12');
    expect(within(await findRow('WO-1001')).queryByRole('link', { name: /^Messages/ })).toBeNull();
  });

  it("links to the order's support messages from its items dialog", async () => {
    stubOrders(adminOrderListOf([buildAdminOrder({ supportMessageCount: 1 })]), {
      '/api/admin/orders/1/items': () => jsonResponse(items),
    });
    renderWithProviders(<OrdersSection />);
    const row = await findRow('WO-1001');

    fireEvent.click(within(row).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    expect(
      within(dialog).getByRole('link', { name: 'Messages (1) about order WO-1001' }).getAttribute('href'),
    ).toBe('/admin?section=support&order=1');
  });

  it('offers no messages link in the items dialog of an order nobody wrote about', async () => {
    stubOrders(adminOrderListOf([buildAdminOrder()]), {
      '/api/admin/orders/1/items': () => jsonResponse(items),
    });
    renderWithProviders(<OrdersSection />);

    fireEvent.click(within(await findRow('WO-1001')).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    await within(dialog).findByRole('list', { name: 'Items of order WO-1001' });
    expect(within(dialog).queryByRole('link', { name: /Messages/ })).toBeNull();
  });

  it("offers each order's PDF as a download named for its row (docs/orders.md#order-pdf)", async () => {
    stubOrders(adminOrderListOf([buildAdminOrder({ id: 2 }), buildAdminOrder({ id: 1 })]));
    renderWithProviders(<OrdersSection />);

    const link = within(await findRow('WO-1002')).getByRole('link', { name: 'Download PDF of WO-1002' });
    expect(link.textContent).toBe('Download PDF');
    expect(link.getAttribute('href')).toBe('/api/admin/orders/2/pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(
      within(await findRow('WO-1001'))
        .getByRole('link', { name: 'Download PDF of WO-1001' })
        .getAttribute('href'),
    ).toBe('/api/admin/orders/1/pdf');
  });

  it('stacks the orders into a list on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    stubOrders(adminOrderListOf([buildAdminOrder({ supportMessageCount: 3, poNumber: 'PO-2031-0042' })]));
    renderWithProviders(<OrdersSection />);

    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getByText('WO-1001')).toBeInTheDocument();
    expect(within(list).getByText('PO: PO-2031-0042')).toBeInTheDocument();
    expect(within(list).getByLabelText('Status of order WO-1001')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /View Items/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Download PDF of WO-1001' }).getAttribute('href')).toBe(
      '/api/admin/orders/1/pdf',
    );
    expect(
      within(list).getByRole('link', { name: 'Messages (3) about order WO-1001' }).getAttribute('href'),
    ).toBe('/admin?section=support&order=1');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('OrdersSection: companies', () => {
  it('shows the company an order is for when it is named otherwise than the business it was placed under', async () => {
    stubOrders(
      adminOrderListOf([
        buildAdminOrder({ id: 2, businessName: 'Old Name', company: { id: 4, name: 'Merged Goods' } }),
        buildAdminOrder({
          id: 1,
          businessName: 'Doe Botanicals',
          company: { id: 3, name: 'Doe Botanicals' },
        }),
      ]),
    );
    renderWithProviders(<OrdersSection />);
    expect(within(await findRow('WO-1002')).getByText('Company: Merged Goods')).toBeInTheDocument();
    expect(within(await findRow('WO-1001')).queryByText(/^Company:/)).toBeNull();
  });
});
