// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast';
import { describe, expect, it } from 'vitest';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { buildOrderDetailResponse } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(handlers: Handlers) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    ...handlers,
  });
}

const region = (name: string) => within(screen.getByRole('region', { name }));

function valueOf(card: ReturnType<typeof region>, label: string): string | null {
  return card.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('Order detail', () => {
  it('shows the back button, the placed-on date, progress, summary, items and customer information', async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            notes: 'Please ship before Friday',
            customerPhone: null,
            shopifyOrderId: '#D1',
          }),
        ),
    });
    renderApp('/orders/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Account' }).getAttribute('href')).toBe('/account');
    expect(
      screen.getByText(`Placed on ${format(new Date('2031-03-04T15:30:00.000Z'), 'MMM d, yyyy h:mm a')}`),
    ).toBeTruthy();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    // Its Shopify draft is staff's business: the buyer knows the order by its number alone.
    expect(screen.queryByText(/Shopify (order|draft)|#D1/)).toBeNull();

    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('4');
    expect(progress.firstElementChild?.className).toContain('w-1/4');
    expect(
      region('Order Status').getByText('Your order has been submitted and is waiting for approval.'),
    ).toBeTruthy();
    expect(region('Order Status').queryByRole('link', { name: 'Pay now' })).toBeNull();

    const summary = region('Order Summary');
    expect(valueOf(summary, 'Cases')).toBe('3');
    expect(valueOf(summary, 'Units')).toBe('36');
    expect(valueOf(summary, 'Total')).toBe('$313.80');
    expect(summary.getByRole('button', { name: 'Reorder' })).toBeInTheDocument();
    // Pending: the buyer may still cancel it; Report Issue is for an approved order.
    expect(summary.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(summary.queryByRole('link', { name: 'Report Issue' })).toBeNull();
    // A plain link to the server's PDF, so it works without script (docs/orders.md#order-pdf).
    const pdf = summary.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/orders/1/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);

    const items = region('Order Items');
    const table = items.getByRole('table', { name: 'Items of order WO-1001' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table.closest('.max-h-60')).not.toBeNull();

    const customer = region('Customer Information');
    expect(valueOf(customer, 'Name')).toBe('Jane Doe');
    expect(valueOf(customer, 'Business')).toBe('Doe Botanicals');
    expect(valueOf(customer, 'Email')).toBe('jane@shop.test');
    expect(customer.queryByText('Phone')).toBeNull();
    expect(valueOf(customer, 'Shipping Address')).toBe('1 Main StSpringfield, IL 62701USA');
    expect(valueOf(customer, 'Order Notes')).toBe('Please ship before Friday');
  });

  it('offers Report Issue, not Cancel order, once the order is approved', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse({ status: 'processing' })) });
    renderApp('/orders/1');
    const summary = within(await screen.findByRole('region', { name: 'Order Summary' }));
    expect(summary.getByRole('link', { name: 'Report Issue' }).getAttribute('href')).toBe(
      '/support?order=1&type=order_issue',
    );
    expect(summary.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('cancels a pending order after asking, sending the version on screen', async () => {
    const cancelled = buildOrderDetailResponse({
      status: 'cancelled',
      cancelledAt: '2031-03-05T10:00:00Z',
      cancelledBy: { id: 7, name: 'Jane Doe' },
      version: 3,
    });
    // The server's order, as a read after the cancellation finds it too.
    let current = buildOrderDetailResponse({ version: 2 });
    const fetchMock = stubApi({
      '/api/orders/1': () => jsonResponse(current),
      '/api/orders/1/cancel': () => {
        current = cancelled;
        return jsonResponse(cancelled);
      },
    });
    renderApp('/orders/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order WO-1001?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(countCalls(fetchMock, '/api/orders/1/cancel')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/api/orders/1/cancel'));
    expect(call?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ version: 2 }) });
    expect(toast.success).toHaveBeenCalledWith('Order WO-1001 cancelled');
    const timeline = within(screen.getByRole('list', { name: 'Order timeline' }));
    expect(timeline.getByText(/^Cancelled by Jane Doe/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows the order as it now stands when it changed meanwhile, with the reason', async () => {
    const message =
      'This order has changed since you opened it. It is shown as it stands now: please check it and try again.';
    // Staff approved it meanwhile: the server's order is another version.
    const approved = buildOrderDetailResponse({ status: 'processing', version: 2 });
    let approvedYet = false;
    stubApi({
      '/api/orders/1': () => jsonResponse(approvedYet ? approved : buildOrderDetailResponse()),
      '/api/orders/1/cancel': () => {
        approvedYet = true;
        return jsonResponse(
          { code: 'CONFLICT', message, requestId: 'req-test', details: { order: approved } },
          { status: 409 },
        );
      },
    });
    renderApp('/orders/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(await screen.findByRole('link', { name: 'Report Issue' })).toBeInTheDocument();
    expect(screen.getAllByText('Processing').length).toBeGreaterThan(0);
  });

  it('offers a viewer no Reorder, and keeps the PDF and Report Issue', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () =>
        jsonResponse({ user: { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' } } }),
      '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()),
    });
    renderApp('/orders/1');
    expect(await screen.findByRole('link', { name: 'Report Issue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /PDF/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });

  it("writes the savings with the one minus sign of every output, '-$31.20' (docs/catalogue-and-pricing.md#money)", async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            standardTotal: '312.00',
            orderTotal: '280.80',
            savings: '31.20',
            discountPercentage: 10,
          }),
        ),
    });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(valueOf(region('Order Summary'), 'Savings (10%)')).toBe('-$31.20');
  });

  it("shows the buyer's PO number beside the date placed, and nothing for an order without one", async () => {
    stubApi({
      '/api/orders/1': () => jsonResponse(buildOrderDetailResponse({ poNumber: 'PO-2031-0042' })),
      '/api/orders/2': () => jsonResponse(buildOrderDetailResponse({ id: 2 })),
    });
    const { history } = renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.getByText('PO number: PO-2031-0042')).toBeInTheDocument();

    act(() => history.push('/orders/2'));
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1002' });
    expect(screen.queryByText(/PO number/)).toBeNull();
  });

  it('shows the phone when there is one and says when there are no notes', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()) });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });

    const customer = region('Customer Information');
    expect(valueOf(customer, 'Phone')).toBe('555-0100');
    expect(valueOf(customer, 'Order Notes')).toBe('No notes were added to this order.');
  });

  it("shows the timeline and 'Pay now' to the Shopify invoice once it is sent", async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            status: 'processing',
            paymentStatus: 'invoice_sent',
            approvedAt: '2031-03-05T10:00:00.000Z',
            invoiceSentAt: '2031-03-05T10:01:00.000Z',
            invoiceUrl: 'https://dewdrop.myshopify.com/invoices/abc',
          }),
        ),
    });
    renderApp('/orders/1');

    const payNow = await screen.findByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe('https://dewdrop.myshopify.com/invoices/abc');
    expect(payNow.getAttribute('target')).toBe('_blank');
    expect(payNow.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');

    const timeline = within(screen.getByRole('list', { name: 'Order timeline' }));
    const entries = timeline.getAllByRole('listitem').map((entry) => entry.textContent);
    const at = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');
    expect(entries).toEqual([
      // The badge's word for where a step led, where the step's own differs.
      `Submitted · Pending${at('2031-03-04T15:30:00.000Z')}`,
      `Approved · Processing${at('2031-03-05T10:00:00.000Z')}`,
      `Invoice sent${at('2031-03-05T10:01:00.000Z')}`,
      'PaidNot yet',
      'ShippedNot yet',
      'DeliveredNot yet',
    ]);
  });

  it('shows a shipped order at step 3 with its tracking, and a delivered one full', async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            status: 'shipped',
            shippedAt: '2031-03-07T10:00:00.000Z',
            trackingCompany: 'UPS',
            trackingNumber: '1Z999',
            trackingUrl: 'https://ups.test/track/1Z999',
          }),
        ),
      '/api/orders/2': () =>
        jsonResponse(
          buildOrderDetailResponse({ id: 2, status: 'delivered', deliveredAt: '2031-03-09T10:00:00Z' }),
        ),
    });
    const { history } = renderApp('/orders/1');

    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getAllByText('Shipped').length).toBeGreaterThan(0);
    const customer = region('Customer Information');
    expect(customer.getByText('UPS 1Z999')).toBeInTheDocument();
    expect(customer.getByRole('link', { name: 'Track your shipment' }).getAttribute('href')).toBe(
      'https://ups.test/track/1Z999',
    );

    act(() => history.push('/orders/2'));
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1002' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
    expect(screen.getByRole('progressbar').firstElementChild?.className).toContain('w-full');
    expect(screen.getByText('Your order has been delivered.')).toBeInTheDocument();
  });

  it('shows an order on hold with the reason, where a pending order sits on the tracker', async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(
          buildOrderDetailResponse({
            status: 'on_hold',
            holdReason: 'Over the credit limit by $234.00',
          }),
        ),
    });
    renderApp('/orders/1');

    const notice = within(await screen.findByRole('region', { name: 'On hold' }));
    expect(notice.getByText('Over the credit limit by $234.00')).toBeInTheDocument();
    expect(notice.getByText(/Our team will be in touch/)).toBeInTheDocument();
    expect(notice.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support?order=1&type=order_issue',
    );
    const header = screen.getByRole('heading', { level: 1, name: 'Order WO-1001' }).parentElement;
    const badge = within(header ?? document.body).getByText('On hold');
    expect(badge.getAttribute('data-variant')).toBe('warning');

    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 1 of 4: On hold');
    expect(progress.firstElementChild?.className).toContain('w-1/4');
    const status = region('Order Status');
    expect(status.getByText('Your order is on hold. Our team will be in touch.')).toBeInTheDocument();
    const steps = status.getAllByRole('listitem').slice(0, 4);
    expect(steps.map((step) => step.textContent)).toEqual([
      'On hold',
      '2Processing',
      '3Shipped',
      '4Delivered',
    ]);
    // The buyer may still cancel a held order, not edit it (docs/credit.md#on-hold).
    expect(region('Order Summary').getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(region('Order Summary').queryByRole('button', { name: 'Edit order' })).toBeNull();
  });

  it('shows no hold notice for an order that is not on hold', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()) });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.queryByRole('region', { name: 'On hold' })).toBeNull();
  });

  it('shows a cancelled order as cancelled instead of a progress bar', async () => {
    stubApi({
      '/api/orders/1': () =>
        jsonResponse(buildOrderDetailResponse({ status: 'cancelled', cancelledAt: '2031-03-05T10:00:00Z' })),
    });
    renderApp('/orders/1');

    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const timeline = within(screen.getByRole('list', { name: 'Order timeline' }));
    const entries = timeline.getAllByRole('listitem').map((entry) => entry.textContent);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/^Submitted/);
    expect(entries[1]).toMatch(/^Cancelled/);
  });

  it("shows 'Order Not Found' for a 404 (someone else's order or a missing one)", async () => {
    stubApi({ '/api/orders/99': () => errorResponse(404, 'Order not found') });
    renderApp('/orders/99');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The order you're looking for doesn't exist or you don't have permission to view it"),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Account' }).getAttribute('href')).toBe('/account');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows 'Order Not Found' without a request for an id that cannot be one", async () => {
    const fetchMock = stubApi({});
    renderApp('/orders/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/orders')).toBe(0);
  });

  it("shows the inline error and the toast 'Error' when loading fails, and Retry loads it", async () => {
    let fail = true;
    stubApi({
      '/api/orders/1': () => (fail ? errorResponse(500, 'Boom') : jsonResponse(buildOrderDetailResponse())),
    });
    renderApp('/orders/1');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load order details. Please try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Could not load order details. Please try again.',
      }),
    );
    expect(toast.error).toHaveBeenCalledTimes(1);

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
