// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { ADMIN_SECTION_STORAGE_KEY } from '../../components/admin/admin-sections';
import { adminOrderListOf, buildAdminOrder } from '../../features/admin-orders/admin-orders-test-support';
import { buildSupportMessage, supportListOf } from '../../features/admin-support/support-test-support';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';

// The real Orders and Support sections in the real dashboard: the link from one to the other (issue 7).
registerCartTestHooks();

const admin: CurrentUser = { ...testUser, id: 1, username: 'admin', role: 'admin', businessName: null };

const order = buildAdminOrder({
  id: 12,
  customerName: 'Sam Lee',
  customerEmail: 'sam@mist.test',
  customerPhone: null,
  businessName: 'Mist & Co',
  createdAt: '2031-02-01T09:00:00.000Z',
  status: 'shipped',
  paymentStatus: 'paid',
  supportMessageCount: 1,
});

const aboutTheOrder = buildSupportMessage({
  id: 2,
  subject: 'damaged-items',
  priority: 'high',
  customer: { ...buildSupportMessage().customer, name: 'Sam Lee' },
  order: {
    id: 12,
    orderNumber: 'WO-1012',
    status: 'shipped',
    createdAt: order.createdAt,
    customerName: 'Sam Lee',
    customerEmail: 'sam@mist.test',
    businessName: 'Mist & Co',
    notes: null,
    shopifyOrderId: null,
  },
});
const unrelated = buildSupportMessage();

function supportQueries(fetchMock: ReturnType<typeof stubFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/support/messages')
    .map((url) => url.searchParams);
}

describe("an order's support messages", () => {
  it("opens the Support section filtered by the order from the order row's 'Messages (n)'", async () => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, 'orders');
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: admin }),
      '/api/admin/orders': () => jsonResponse(adminOrderListOf([order])),
      '/api/admin/support/messages': () =>
        jsonResponse(
          supportListOf(
            supportQueries(fetchMock).at(-1)?.has('orderId') ? [aboutTheOrder] : [aboutTheOrder, unrelated],
          ),
        ),
    });
    const { history } = renderApp('/admin');

    fireEvent.click(await screen.findByRole('link', { name: 'Messages (1) about order WO-1012' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Support Inbox' })).toBeInTheDocument();
    expect(history.location.search).toBe('?section=support&order=12');
    const table = await screen.findByRole('table', { name: 'Support messages' });
    expect(await within(table).findByText('Damaged Items')).toBeInTheDocument();
    expect(within(table).queryByText('Product Question')).toBeNull();
    expect(supportQueries(fetchMock).at(-1)?.get('orderId')).toBe('12');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: /^Order WO-1012/ }));
    expect(await within(table).findByText('Product Question')).toBeInTheDocument();
    expect(history.location.search).toBe('?section=support');

    // Back in Orders by the sidebar, the address names Orders alone.
    fireEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Management' })).toBeInTheDocument();
    await waitFor(() => expect(history.location.search).toBe('?section=orders'));
  });
});
