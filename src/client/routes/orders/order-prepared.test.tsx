// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import type { OrderDetail, PreparedOrder } from '../../../shared/schemas/orders';
import { toast } from '../../lib/toast';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import {
  buildOrderDetailResponse,
  buildOrderList,
  buildOrderSummary,
} from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];
type FetchMock = ReturnType<typeof stubFetch>;

const viewer = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' as const } };

function stubApi(handlers: Handlers, user = testUser) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user }),
    ...handlers,
  });
}

const EXPIRES_AT = '2031-03-18T15:30:00.000Z';

function preparedBy(overrides: Partial<PreparedOrder> = {}): PreparedOrder {
  return {
    note: 'As we discussed on the phone:\nthe spring assortment.',
    expiresAt: EXPIRES_AT,
    confirmedAt: null,
    confirmedBy: null,
    declinedAt: null,
    declineReason: null,
    expiredAt: null,
    ...overrides,
  };
}

/** WO-1001 as staff prepared it, waiting for the buyer, at version 4. */
const awaiting = (overrides: Partial<OrderDetail> = {}) =>
  buildOrderDetailResponse({
    status: 'awaiting_confirmation',
    prepared: preparedBy(),
    version: 4,
    ...overrides,
  });

const PANEL = 'Prepared for you by Dewdrop Botanicals staff';

function bodiesOf(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).endsWith(path))
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(requestBody(init)) as unknown }));
}

const timelineTexts = () =>
  within(screen.getByRole('list', { name: 'Order timeline' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('An order staff prepared, awaiting the buyer (docs/storefront.md#orders-prepared-for-you)', () => {
  it('shows who prepared it, their note, the total, the date to confirm by, and Confirm / Decline', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(awaiting()) });
    renderApp('/orders/1');

    const panel = within(await screen.findByRole('region', { name: PANEL }));
    expect(panel.getByText(/As we discussed on the phone/)).toBeInTheDocument();
    expect(panel.getByText('$313.80')).toBeInTheDocument();
    expect(
      panel.getByText(`Please confirm by ${format(new Date(EXPIRES_AT), 'MMM d, yyyy h:mm a')}.`),
    ).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.getAllByText('Awaiting your confirmation').length).toBeGreaterThan(0);
    // Not yet placed: nothing to cancel or edit, and the lines are shown as for any order.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Order Items' })).getAllByRole('row')).toHaveLength(4);
    expect(timelineTexts()[0]).toMatch(/^Prepared by Dewdrop Botanicals staff · Awaiting your confirmation/);
    // Not yet placed: the progress bar has not started.
    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 0 of 4: not yet placed');
    expect(progress.firstElementChild?.className).toContain('w-0');
  });

  it('confirms the version on screen and shows the order as placed', async () => {
    const confirmed = buildOrderDetailResponse({
      status: 'pending',
      version: 5,
      prepared: preparedBy({
        confirmedAt: '2031-03-05T09:00:00.000Z',
        confirmedBy: { id: 7, name: 'Jane Doe' },
      }),
    });
    let current = awaiting();
    const fetchMock = stubApi({
      '/api/orders/1': () => jsonResponse(current),
      '/api/orders/1/confirm': () => {
        current = confirmed;
        return jsonResponse(confirmed);
      },
    });
    renderApp('/orders/1');

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order WO-1001 confirmed.'));
    expect(bodiesOf(fetchMock, '/api/orders/1/confirm')).toEqual([{ method: 'POST', body: { version: 4 } }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull());
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    const panel = within(screen.getByRole('region', { name: PANEL }));
    expect(panel.getByText(/^Confirmed by Jane Doe on/)).toBeInTheDocument();
    expect(timelineTexts()[1]).toMatch(/^Confirmed by Jane Doe · Pending/);
    // Now it is a pending order like any other: its buyer may edit or cancel it.
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it('declines after asking, with the reason typed, and shows what happened', async () => {
    const declined = buildOrderDetailResponse({
      status: 'cancelled',
      version: 5,
      cancelledAt: '2031-03-05T09:00:00.000Z',
      cancelledBy: { id: 7, name: 'Jane Doe' },
      prepared: preparedBy({ declinedAt: '2031-03-05T09:00:00.000Z', declineReason: 'We ordered last week' }),
    });
    let current = awaiting();
    const fetchMock = stubApi({
      '/api/orders/1': () => jsonResponse(current),
      '/api/orders/1/decline': () => {
        current = declined;
        return jsonResponse(declined);
      },
    });
    renderApp('/orders/1');

    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Decline order WO-1001?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(countCalls(fetchMock, '/api/orders/1/decline')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Decline order WO-1001?' }));
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), {
      target: { value: '  We ordered last week  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline order' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order WO-1001 declined.'));
    expect(bodiesOf(fetchMock, '/api/orders/1/decline')).toEqual([
      { method: 'POST', body: { version: 4, reason: 'We ordered last week' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = within(screen.getByRole('region', { name: PANEL }));
    expect(panel.getByText('Reason: We ordered last week')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(timelineTexts().at(-1)).toMatch(/^Declined by Jane Doe · Cancelled/);
  });

  it('sends no reason when none was typed', async () => {
    const fetchMock = stubApi({
      '/api/orders/1': () => jsonResponse(awaiting()),
      '/api/orders/1/decline': () => jsonResponse(awaiting({ status: 'cancelled' })),
    });
    renderApp('/orders/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(countCalls(fetchMock, '/api/orders/1/decline')).toBe(1));
    expect(bodiesOf(fetchMock, '/api/orders/1/decline')[0]?.body).toEqual({ version: 4 });
  });

  it('shows a viewer the panel without buttons, and who must confirm', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(awaiting()) }, viewer);
    renderApp('/orders/1');

    const panel = within(await screen.findByRole('region', { name: PANEL }));
    expect(
      panel.getByText('An owner or buyer of your company must confirm or decline this order.'),
    ).toBeTruthy();
    expect(panel.queryByRole('button')).toBeNull();
  });

  it('shows the order as it now stands when it changed meanwhile, with the reason', async () => {
    const message =
      'This order has changed since you opened it. It is shown as it stands now: please check it and try again.';
    // A colleague confirmed it a moment earlier.
    const confirmedByColleague = buildOrderDetailResponse({
      status: 'pending',
      version: 5,
      prepared: preparedBy({
        confirmedAt: '2031-03-05T09:00:00.000Z',
        confirmedBy: { id: 9, name: 'Sam Roe' },
      }),
    });
    let changed = false;
    stubApi({
      '/api/orders/1': () => jsonResponse(changed ? confirmedByColleague : awaiting()),
      '/api/orders/1/confirm': () => {
        changed = true;
        return jsonResponse(
          { code: 'CONFLICT', message, requestId: 'req-test', details: { order: confirmedByColleague } },
          { status: 409 },
        );
      },
    });
    renderApp('/orders/1');

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(await screen.findByText(/^Confirmed by Sam Roe on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it("says an expired one expired, and the timeline ends 'Expired unconfirmed'", async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            status: 'cancelled',
            cancelledAt: EXPIRES_AT,
            prepared: preparedBy({ expiredAt: EXPIRES_AT }),
          }),
        ),
    });
    renderApp('/orders/1');

    const panel = within(await screen.findByRole('region', { name: PANEL }));
    expect(panel.getByText(ORDER_HANDS_MESSAGES.expired)).toBeInTheDocument();
    expect(timelineTexts().at(-1)).toMatch(/^Expired unconfirmed · Cancelled/);
  });

  it('is not shown for an order the buyer placed', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()) });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.queryByRole('region', { name: PANEL })).toBeNull();
  });
});

describe('The order history (docs/storefront.md#order-history)', () => {
  it("leads an owner or buyer from an order awaiting them to 'Confirm or decline'", async () => {
    stubApi({
      '/api/orders': () =>
        jsonResponse(
          buildOrderList([
            buildOrderSummary({ status: 'awaiting_confirmation' }),
            buildOrderSummary({ id: 2 }),
          ]),
        ),
    });
    renderApp('/orders');

    const links = await screen.findAllByRole('link', { name: 'Confirm or decline' });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/orders/1');
    expect(screen.getByText('Awaiting your confirmation')).toBeInTheDocument();
  });

  it('shows a viewer the status, without the link', async () => {
    stubApi(
      {
        '/api/orders': () =>
          jsonResponse(buildOrderList([buildOrderSummary({ status: 'awaiting_confirmation' })])),
      },
      viewer,
    );
    renderApp('/orders');
    expect(await screen.findByText('Awaiting your confirmation')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Confirm or decline' })).toBeNull();
  });
});

describe('Changes to an order (docs/storefront.md#changes-to-an-order)', () => {
  it('lists every change: who, when, why, each line and the totals', async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            changes: [
              {
                at: '2031-03-05T09:00:00.000Z',
                by: 'staff',
                buyerName: null,
                reason: 'Out of the 1 oz until April',
                lines: [
                  { productId: 1, name: '4 oz bottle', before: 24, after: 36 },
                  { productId: 21, name: '1 oz bottle', before: 12, after: 0 },
                  { productId: 27, name: '50/50 split pack', before: 0, after: 12 },
                ],
                totalBefore: '313.80',
                totalAfter: '476.40',
              },
              {
                at: '2031-03-06T10:00:00.000Z',
                by: 'buyer',
                buyerName: 'Jane Doe',
                reason: null,
                lines: [{ productId: 1, name: '4 oz bottle', before: 36, after: 24 }],
                totalBefore: '476.40',
                totalAfter: '348.60',
              },
            ],
          }),
        ),
    });
    renderApp('/orders/1');

    const card = within(await screen.findByRole('region', { name: 'Changes to this order' }));
    const changes = card.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(changes).toHaveLength(2);
    const [byStaff, byBuyer] = changes.map((change) => within(change));
    expect(byStaff?.getByRole('heading', { level: 3, name: 'Changed by staff' })).toBeInTheDocument();
    expect(
      byStaff?.getByText(format(new Date('2031-03-05T09:00:00.000Z'), 'MMM d, yyyy h:mm a')),
    ).toBeTruthy();
    expect(byStaff?.getByText('Reason: Out of the 1 oz until April')).toBeInTheDocument();
    expect(
      within(byStaff!.getByRole('list', { name: 'Lines changed' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['4 oz bottle: 24 → 36', '1 oz bottle: removed', '50/50 split pack: added, 12']);
    expect(byStaff?.getByText('Total: $313.80 → $476.40')).toBeInTheDocument();
    expect(byBuyer?.getByRole('heading', { level: 3, name: 'Changed by Jane Doe' })).toBeInTheDocument();
    expect(byBuyer?.getByText('Total: $476.40 → $348.60')).toBeInTheDocument();
  });

  it('is not shown for an order never changed', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()) });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.queryByRole('region', { name: 'Changes to this order' })).toBeNull();
  });
});
