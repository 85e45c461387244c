// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { ShopifyReconcileResponse } from '../../../shared/schemas/shopify-reconcile';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder } from './admin-orders-test-support';

registerCartTestHooks();

const orders = adminOrderListOf([
  buildAdminOrder({ id: 1, shopifySyncStatus: 'pending' }),
  buildAdminOrder({ id: 2, shopifySyncStatus: 'failed' }),
  buildAdminOrder({ id: 3, shopifySyncStatus: 'synced', shopifyOrderId: '#D3' }),
  buildAdminOrder({ id: 4, shopifySyncStatus: 'not_required' }),
]);

const checked: ShopifyReconcileResponse = {
  message: 'Checked 3 orders with Shopify: 1 updated.',
  checked: 3,
  updated: 1,
  failed: 0,
  remaining: 0,
};

async function findRow(orderNumber: string) {
  const row = (await screen.findByRole('cell', { name: orderNumber })).closest('tr');
  if (!row) throw new Error('no row');
  return row;
}

describe("the Orders section's Shopify sync badges", () => {
  it("marks orders not yet in Shopify: 'Awaiting Shopify sync' and 'Shopify sync failed'", async () => {
    stubFetch({ '/api/admin/orders': () => jsonResponse(orders) });
    renderWithProviders(<OrdersSection />);

    expect(within(await findRow('WO-1001')).getByText('Awaiting Shopify sync')).toBeInTheDocument();
    expect(within(await findRow('WO-1002')).getByText('Shopify sync failed')).toBeInTheDocument();
    for (const synced of ['WO-1003', 'WO-1004']) {
      const row = await findRow(synced);
      expect(within(row).queryByText('Awaiting Shopify sync')).toBeNull();
      expect(within(row).queryByText('Shopify sync failed')).toBeNull();
    }
  });

  it('shows the same badges in the stacked list on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    stubFetch({ '/api/admin/orders': () => jsonResponse(orders) });
    renderWithProviders(<OrdersSection />);

    const list = await screen.findByRole('list', { name: 'Orders' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Awaiting Shopify sync')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Shopify sync failed')).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/Shopify sync/)).toBeNull();
  });
});

describe("'Send to Shopify again'", () => {
  it('is offered only for a failed sync, posts it, and the row shows the order on its way', async () => {
    const requeued = buildAdminOrder({ id: 2, shopifySyncStatus: 'pending' });
    let list = orders;
    const fetchMock = stubFetch({
      '/api/admin/orders': () => jsonResponse(list),
      '/api/admin/orders/2/shopify-sync': () => {
        list = { ...orders, orders: orders.orders.map((order) => (order.id === 2 ? requeued : order)) };
        return jsonResponse({
          message: 'Order WO-1002 is being sent to Shopify again',
          changed: true,
          order: requeued,
        });
      },
    });
    renderWithProviders(<OrdersSection />);
    const failed = await findRow('WO-1002');
    expect(
      within(await findRow('WO-1001')).queryByRole('button', { name: /Send to Shopify again/ }),
    ).toBeNull();

    fireEvent.click(within(failed).getByRole('button', { name: 'Send to Shopify again: order WO-1002' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sent to Shopify', {
        description: 'Order WO-1002 is being sent to Shopify again',
      }),
    );
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/shopify-sync'))!;
    expect(init?.method).toBe('POST');
    expect(within(await findRow('WO-1002')).getByText('Awaiting Shopify sync')).toBeInTheDocument();
  });

  it("toasts the server's reason when it cannot be sent", async () => {
    stubFetch({
      '/api/admin/orders': () => jsonResponse(orders),
      '/api/admin/orders/2/shopify-sync': () => errorResponse(409, 'Order WO-1002 is cancelled'),
    });
    renderWithProviders(<OrdersSection />);
    fireEvent.click(
      within(await findRow('WO-1002')).getByRole('button', { name: 'Send to Shopify again: order WO-1002' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Order WO-1002 is cancelled' }),
    );
  });
});

describe("'Check Shopify now'", () => {
  it('shows its progress, toasts the counts and reloads the orders', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch({
      '/api/admin/orders': () => jsonResponse(orders),
      '/api/admin/shopify/reconcile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');
    const listLoads = countCalls(fetchMock, '/api/admin/orders');

    fireEvent.click(screen.getByRole('button', { name: 'Check Shopify now' }));
    const busy = await screen.findByRole('button', { name: 'Checking Shopify...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/reconcile'))!;
    expect(init?.method).toBe('POST');

    answer(jsonResponse(checked));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Shopify checked', {
        description: 'Checked 3 orders with Shopify: 1 updated.',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Check Shopify now' })).toBeInTheDocument();
    await waitFor(() => expect(countCalls(fetchMock, '/api/admin/orders')).toBeGreaterThan(listLoads));
  });

  it("toasts 'Shopify is not connected' in test mode", async () => {
    stubFetch({
      '/api/admin/orders': () => jsonResponse(orders),
      '/api/admin/shopify/reconcile': () => errorResponse(503, 'Shopify is not connected'),
    });
    renderWithProviders(<OrdersSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check Shopify now' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Shopify is not connected' }),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('falls back to its own message when the server sends none', async () => {
    stubFetch({
      '/api/admin/orders': () => jsonResponse(orders),
      '/api/admin/shopify/reconcile': () => new Response('Bad gateway', { status: 502 }),
    });
    renderWithProviders(<OrdersSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check Shopify now' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to check orders with Shopify',
      }),
    );
  });
});
