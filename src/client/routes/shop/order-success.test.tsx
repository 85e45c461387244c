// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { buildOrderDetailResponse } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

function stubApi(handlers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    ...handlers,
  });
}

describe('order success page', () => {
  it('confirms the order with its reference, what happens next and the ways on', async () => {
    stubApi();
    renderApp('/order-success?orderNumber=WO-1001&orderId=1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Submitted Successfully!' }),
    ).toBeTruthy();
    expect(screen.getByText('WO-1001')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByText(/payment link by email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View Order History' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: "View this order's details" }).getAttribute('href')).toBe(
      '/orders/1',
    );
  });

  it("shows the buyer's PO number as the order stored it (issue 20)", async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse({ poNumber: 'PO-2031-0042' })) });
    renderApp('/order-success?orderNumber=WO-1001&orderId=1');

    const po = await screen.findByText('PO-2031-0042');
    expect(po.closest('p')?.textContent).toBe('PO number: PO-2031-0042');
  });

  it('shows the payment terms the order was submitted under (issue 20)', async () => {
    stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse({ paymentTerms: 'net15' })) });
    renderApp('/order-success?orderNumber=WO-1001&orderId=1');

    const terms = await screen.findByText('Net 15');
    expect(terms.closest('p')?.textContent).toBe(
      'Payment terms: Net 15Pay within 15 days of approval; your invoice with the due date is e-mailed to you.',
    ); // What happens next: the invoice with its due date, no payment link (issue 31, finding 7).
    expect(
      screen.getByText('Once it is approved, your invoice is e-mailed to you, due 15 days after approval.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/payment link/)).toBeNull();
  });

  it('mentions no PO number for an order without one, or when the order cannot be read', async () => {
    const fetchMock = stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()) });
    renderApp('/order-success?orderNumber=WO-1001&orderId=1');
    await screen.findByText('WO-1001');
    await waitFor(() => expect(countCalls(fetchMock, '/api/orders/1')).toBe(1));
    expect(screen.queryByText(/PO number/)).toBeNull();
  });

  it('shows an encoded reference as the buyer knows it', async () => {
    stubApi();
    renderApp('/order-success?orderNumber=%23D12&orderId=12');

    expect(await screen.findByText('#D12')).toBeInTheDocument();
  });

  it('still confirms without parameters, just without a reference or a detail link', async () => {
    stubApi();
    renderApp('/order-success');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Submitted Successfully!' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Order reference/)).toBeNull();
    expect(screen.queryByRole('link', { name: "View this order's details" })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Order History' })).toBeInTheDocument();
  });

  it('ignores an order id that is not a number', async () => {
    stubApi();
    renderApp('/order-success?orderNumber=WO-1001&orderId=abc');

    expect(await screen.findByText('WO-1001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "View this order's details" })).toBeNull();
  });
});
