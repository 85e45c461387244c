// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS } from '../../../shared/orders';
import type { OrderSummary } from '../../../shared/schemas/orders';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { hasVisibleEdge } from '../../test-support/badge-edge';
import { buildOrderList, buildOrderSummary } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(handlers: Handlers) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    ...handlers,
  });
}

function ordersRequests(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => requestUrl(input))
    .filter((url) => url.startsWith('/api/orders'));
}

function orderRow(orderNumber: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 3, name: orderNumber });
  const row = heading.closest('li');
  if (!row) throw new Error(`No row for ${orderNumber}`);
  return row;
}

const shippedOrder: OrderSummary = buildOrderSummary({
  id: 2,
  status: 'shipped',
  shopifyOrderId: '#1002',
  createdAt: '2031-04-12T12:00:00.000Z',
  notes: 'Leave at the back door',
});

describe('Order History', () => {
  it('shows the title, Continue Shopping and a row per order with number, badge and date, never a Shopify name', async () => {
    const fetchMock = stubApi({
      '/api/orders': () =>
        jsonResponse(buildOrderList([shippedOrder, buildOrderSummary({ shopifyOrderId: '#D1' })])),
    });
    renderApp('/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
    const card = screen.getByRole('region', { name: 'Your Orders' });
    await within(card).findByRole('heading', { level: 3, name: 'WO-1002' });

    const shipped = within(orderRow('WO-1002'));
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    // The buyer knows the order by its number alone (docs/orders.md#order-numbers).
    expect(shipped.queryByText(/Shopify (order|draft)|#1002/)).toBeNull();
    expect(shipped.getByText('Placed on Apr 12, 2031')).toBeInTheDocument();
    expect(shipped.getByRole('link', { name: 'WO-1002' }).getAttribute('href')).toBe('/orders/2');

    const pending = within(orderRow('WO-1001'));
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.queryByText(/Shopify (order|draft)|#D1/)).toBeNull();
    expect(pending.getByText('Placed on Mar 4, 2031')).toBeInTheDocument();
    expect(pending.getByRole('link', { name: 'Report Issue' }).getAttribute('href')).toBe(
      '/support?order=1&type=order_issue',
    );
    expect(pending.getByRole('button', { name: 'Reorder' })).toBeInTheDocument();

    expect(ordersRequests(fetchMock)).toEqual(['/api/orders?page=1&limit=5']);
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
  });

  it('offers a viewer no Reorder, in the row or its details, keeps Report Issue, and says who placed an order', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () =>
        jsonResponse({ user: { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' } } }),
      '/api/orders': () =>
        jsonResponse(
          buildOrderList([
            { ...shippedOrder, placedBy: { id: 9, name: 'Sam Colleague' } },
            buildOrderSummary(),
          ]),
        ),
    });
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1002' });
    // Someone else of the company placed it; the reader's own order says nothing of the kind.
    expect(within(orderRow('WO-1002')).getByText('Placed by Sam Colleague')).toBeInTheDocument();
    expect(within(orderRow('WO-1001')).queryByText(/Placed by/)).toBeNull();
    const row = within(orderRow('WO-1002'));
    expect(row.getByRole('link', { name: 'Report Issue' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Reorder' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Details of order WO-1002' }));
    expect(await row.findByRole('button', { name: 'Close Details' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Reorder All Items' })).toBeNull();
  });

  it("filters by location when the reader orders for several, keeping it in ?location=, and names each order's", async () => {
    const harbour = { ...testUser.locations[0]!, id: 32, name: 'Harbour shop', isDefault: false };
    let filtered = false;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () =>
        jsonResponse({ user: { ...testUser, locations: [...testUser.locations, harbour] } }),
      '/api/orders': () =>
        jsonResponse(
          buildOrderList(filtered ? [] : [{ ...shippedOrder, location: { id: 32, name: 'Harbour shop' } }]),
        ),
    });
    const { history } = renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1002' });
    expect(within(orderRow('WO-1002')).getByText('Ships to Harbour shop')).toBeInTheDocument();

    const filter = screen.getByLabelText<HTMLSelectElement>('Location');
    expect(filter.value).toBe('');
    filtered = true;
    fireEvent.change(filter, { target: { value: '32' } });
    expect(await screen.findByText('No orders for this location yet.')).toBeInTheDocument();
    expect(history.location.search).toBe('?location=32');
    expect(ordersRequests(fetchMock).at(-1)).toBe('/api/orders?page=1&limit=5&location=32');
  });

  it('shows no location filter or ship-to for a company of one place', async () => {
    stubApi({ '/api/orders': () => jsonResponse(buildOrderList([shippedOrder])) });
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1002' });
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(screen.queryByText(/Ships to/)).toBeNull();
  });

  it("shows the buyer's PO number in the row of an order that has one (issue 20)", async () => {
    stubApi({
      '/api/orders': () =>
        jsonResponse(buildOrderList([{ ...shippedOrder, poNumber: 'PO-2031-0042' }, buildOrderSummary()])),
    });
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1002' });

    expect(within(orderRow('WO-1002')).getByText('PO number: PO-2031-0042')).toBeInTheDocument();
    expect(within(orderRow('WO-1001')).queryByText(/PO number/)).toBeNull();
  });

  it('draws every status as a badge with a visible edge, Processing and On hold included', async () => {
    const statuses = ['pending', 'on_hold', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
    stubApi({
      '/api/orders': () =>
        jsonResponse(
          buildOrderList(statuses.map((status, index) => buildOrderSummary({ id: index + 1, status }))),
        ),
    });
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1001' });
    for (const [index, status] of statuses.entries()) {
      const label = ORDER_STATUS_LABELS[status];
      const badge = within(orderRow(`WO-${1001 + index}`)).getByText(label, { selector: '[data-variant]' });
      expect(hasVisibleEdge(badge), label).toBe(true);
    }
    // On hold waits for the team as pending does: amber, not the red of a cancelled order.
    expect(within(orderRow('WO-1002')).getByText('On hold').getAttribute('data-variant')).toBe('warning');
  });

  it('expands a row to its lines, totals and notes, and closes it again', async () => {
    stubApi({ '/api/orders': () => jsonResponse(buildOrderList([shippedOrder])) });
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1002' });
    const row = within(orderRow('WO-1002'));
    const toggle = row.getByRole('button', { name: 'Details of order WO-1002' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(row.queryByRole('table')).toBeNull();

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Details of order WO-1002');
    const details = within(row.getByRole('region', { name: 'Details of order WO-1002' }));
    const lines = details
      .getAllByRole('row')
      .slice(1)
      .map((line) =>
        within(line)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      ['4 oz bottleSKU: 800-0001', '2', '24', '$10.65 / bottle', '$255.60'],
      ['1 oz bottleSKU: 800-0002', '1', '12', '$4.85 / bottle', '$58.20'],
      ['Free in-store testerSKU: 800-0003', '—', '1', 'Free', '$0.00'],
    ]);
    expect(details.getByText('Cases', { selector: 'dt' }).nextElementSibling?.textContent).toBe('3');
    expect(details.getByText('Units', { selector: 'dt' }).nextElementSibling?.textContent).toBe('36');
    expect(details.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$313.80');
    expect(details.getByText('Leave at the back door')).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Reorder All Items' })).toBeInTheDocument();

    fireEvent.click(details.getByRole('button', { name: 'Close Details' }));

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(row.queryByRole('table')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('says when an order has no notes', async () => {
    stubApi({ '/api/orders': () => jsonResponse(buildOrderList([buildOrderSummary()])) });
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order WO-1001' }));
    expect(screen.getByText('No notes were added to this order.')).toBeInTheDocument();
  });

  it('shows the empty state with Browse Products when there are no orders', async () => {
    stubApi({ '/api/orders': () => jsonResponse({ orders: [], page: 1, total: 0, totalPages: 0 }) });
    renderApp('/orders');

    expect(await screen.findByText("You haven't placed any orders yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
  });

  it('shows a loading state, then an error with Retry that loads the orders again', async () => {
    let fail = true;
    stubApi({
      '/api/orders': () =>
        fail ? errorResponse(500, 'Database down') : jsonResponse(buildOrderList([buildOrderSummary()])),
    });
    renderApp('/orders');

    expect(await screen.findByText('Loading your orders…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be loaded. Please try again.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'WO-1001' })).toBeInTheDocument();
  });
});

describe('Order History paging', () => {
  /** `total` orders, 5 a page, newest (highest id) first; answers the page the request asks for. */
  function stubPagedOrders(total: number) {
    const fetchMock: ReturnType<typeof stubFetch> = stubApi({
      '/api/orders': () => {
        const url = new URL(requestUrl(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const ids = Array.from({ length: total }, (_, index) => total - index).slice(
          (page - 1) * limit,
          page * limit,
        );
        return jsonResponse(
          buildOrderList(
            ids.map((id) => buildOrderSummary({ id })),
            { page, total },
          ),
        );
      },
    });
    return fetchMock;
  }

  const pager = () => within(screen.getByRole('navigation', { name: 'Order pages' }));
  const pageLabels = () =>
    pager()
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('shows all page buttons up to 7 pages, and Previous is disabled on the first', async () => {
    const fetchMock = stubPagedOrders(35);
    renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1035' });

    expect(pageLabels()).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '7', 'Next']);
    expect(pager().getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(pager().getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(ordersRequests(fetchMock)).toEqual(['/api/orders?page=1&limit=5']);
  });

  it('goes to the next page, a numbered page and back, keeping the page in ?page=', async () => {
    const fetchMock = stubPagedOrders(38);
    const { history } = renderApp('/orders');
    await screen.findByRole('heading', { level: 3, name: 'WO-1038' });
    // The ellipsis is not a button.
    expect(pageLabels()).toEqual(['Previous', '1', '2', '8', 'Next']);
    expect(screen.getByRole('navigation', { name: 'Order pages' }).textContent).toBe('Previous12…8Next');

    fireEvent.click(pager().getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'WO-1033' })).toBeInTheDocument();
    expect(history.location.search).toBe('?page=2');
    expect(pageLabels()).toEqual(['Previous', '1', '2', '3', '8', 'Next']);

    fireEvent.click(pager().getByRole('button', { name: 'Page 8' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'WO-1003' })).toBeInTheDocument();
    expect(history.location.search).toBe('?page=8');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(pager().getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    fireEvent.click(pager().getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'WO-1008' })).toBeInTheDocument();
    expect(history.location.search).toBe('?page=7');

    expect(ordersRequests(fetchMock)).toEqual([
      '/api/orders?page=1&limit=5',
      '/api/orders?page=2&limit=5',
      '/api/orders?page=8&limit=5',
      '/api/orders?page=7&limit=5',
    ]);
  });

  it('shows first, last and the window around the current page with ellipses from 8 pages on', async () => {
    stubPagedOrders(50);
    renderApp('/orders?page=5');
    await screen.findByRole('heading', { level: 3, name: 'WO-1030' });

    const navigation = screen.getByRole('navigation', { name: 'Order pages' });
    expect(navigation.textContent).toBe('Previous1…456…10Next');
    expect(pager().getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the page the address asks for, and a page past the last one shows the last', async () => {
    const fetchMock = stubPagedOrders(12);
    const { history } = renderApp('/orders?page=9');

    expect(await screen.findByRole('heading', { level: 3, name: 'WO-1002' })).toBeInTheDocument();
    expect(history.location.search).toBe('?page=3');
    expect(ordersRequests(fetchMock)).toEqual(['/api/orders?page=9&limit=5', '/api/orders?page=3&limit=5']);
  });
});
