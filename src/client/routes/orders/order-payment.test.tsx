// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/schemas/orders';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import {
  buildOrderDetailResponse,
  buildOrderList,
  buildOrderSummary,
} from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { jsonResponse, stubFetch } from '../../test-support/stub-fetch';

/** The buyer's view of net payment terms (issue 20 §2): the order detail and the order history. */

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(handlers: Handlers) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    ...handlers,
  });
}

const APPROVED = '2031-03-05T10:00:00.000Z';
const DUE = '2031-04-04T10:00:00.000Z';
const INVOICE = 'https://dewdrop.myshopify.com/invoices/abc';

/** WO-1001 approved on Net 30: due 30 days after approval, unpaid. */
const onNet30: Partial<OrderDetail> = {
  status: 'processing',
  paymentStatus: 'invoice_sent',
  paymentTerms: 'net30',
  approvedAt: APPROVED,
  invoiceSentAt: APPROVED,
  paymentDueAt: DUE,
};

async function openDetail(order: Partial<OrderDetail>) {
  stubApi({ '/api/orders/1': () => jsonResponse(buildOrderDetailResponse(order)) });
  renderApp('/orders/1');
  await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
  return {
    status: within(screen.getByRole('region', { name: 'Order Status' })),
    summary: within(screen.getByRole('region', { name: 'Order Summary' })),
  };
}

const termsIn = (summary: ReturnType<typeof within>) =>
  summary.getByText('Payment terms', { selector: 'dt' }).nextElementSibling?.textContent;

describe('order detail: payment terms', () => {
  it("shows 'Payment due <date>' with the Pay link on an approved order on Net 30", async () => {
    const { status, summary } = await openDetail({ ...onNet30, invoiceUrl: INVOICE });
    // The due date alone, as on every page (issue 31, finding 6).
    expect(status.getByText('Payment due Apr 4, 2031')).toBeInTheDocument();
    expect(
      status.getByText(
        'Your order is approved on Net 30 terms. Pay securely on the Shopify checkout, which opens in a new tab.',
      ),
    ).toBeInTheDocument();
    expect(status.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(INVOICE);
    expect(status.queryByText('Overdue')).toBeNull();
    expect(termsIn(summary)).toBe('Net 30');
  });

  it("gives the due date as the UTC day the e-mails and the PDF give, whatever the browser's zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // Apr 4 at 03:00 UTC is still Apr 3 in Los Angeles; the e-mail and the PDF say Apr 4.
      const { status } = await openDetail({ ...onNet30, paymentDueAt: '2031-04-04T03:00:00.000Z' });
      expect(status.getByText('Payment due Apr 4, 2031')).toBeInTheDocument();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows the due date without a Pay link when there is none (test mode)', async () => {
    const { status } = await openDetail(onNet30);
    expect(status.getByText(/^Payment due /)).toBeInTheDocument();
    expect(status.getByText('Your order is approved on Net 30 terms.')).toBeInTheDocument();
    expect(status.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it("says 'Overdue' in words, in red, once the due date has passed unpaid", async () => {
    const { status } = await openDetail({ ...onNet30, invoiceUrl: INVOICE, paymentOverdue: true });
    const badge = status.getByText('Overdue');
    expect(badge.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    expect(status.getByText('Payment was due Apr 4, 2031')).toBeInTheDocument();
    expect(
      status.getByText(
        'Your payment is past its due date: please pay as soon as you can. Pay securely on the Shopify checkout, which opens in a new tab.',
      ),
    ).toBeInTheDocument();
    expect(status.getByRole('link', { name: 'Pay now' })).toBeInTheDocument();
  });

  it("shows 'Paid' in the timeline and no due date once paid", async () => {
    const paidAt = '2031-03-20T09:00:00.000Z';
    const { status } = await openDetail({ ...onNet30, paymentStatus: 'paid', paidAt });
    expect(status.queryByText(/^Payment due /)).toBeNull();
    expect(status.queryByText('Overdue')).toBeNull();
    const timeline = within(status.getByRole('list', { name: 'Order timeline' }));
    expect(timeline.getByText('Paid').nextElementSibling?.textContent).toBe(
      format(new Date(paidAt), 'MMM d, yyyy h:mm a'),
    );
  });

  it('shows no due date on a cancelled order, still naming its terms', async () => {
    const cancelled = await openDetail({ ...onNet30, status: 'cancelled', paymentOverdue: false });
    expect(cancelled.status.queryByText(/^Payment due /)).toBeNull();
    expect(termsIn(cancelled.summary)).toBe('Net 30');
  });

  it("names 'Pay on approval' and keeps today's Pay now on an order without net terms", async () => {
    const { status, summary } = await openDetail({
      status: 'processing',
      paymentStatus: 'invoice_sent',
      approvedAt: APPROVED,
      invoiceSentAt: APPROVED,
      invoiceUrl: INVOICE,
    });
    expect(termsIn(summary)).toBe('Pay on approval');
    expect(
      status.getByText(
        'Your order is approved. Pay securely on the Shopify checkout, which opens in a new tab.',
      ),
    ).toBeInTheDocument();
    expect(status.queryByText(/^Payment due /)).toBeNull();
  });
});

describe('order history: payment terms', () => {
  it("shows 'Payment due <date>' on an unpaid order on terms, and 'Overdue' past it", async () => {
    stubApi({
      '/api/orders': () =>
        jsonResponse(
          buildOrderList([
            buildOrderSummary({
              id: 3,
              ...onNet30,
              paymentDueAt: '2031-02-01T10:00:00.000Z',
              paymentOverdue: true,
            }),
            buildOrderSummary({ id: 2, ...onNet30 }),
            buildOrderSummary({ id: 1 }),
          ]),
        ),
    });
    renderApp('/orders');
    const rowOf = async (orderNumber: string) =>
      within((await screen.findByRole('heading', { level: 3, name: orderNumber })).closest('li')!);

    const overdue = await rowOf('WO-1003');
    expect(overdue.getByText('Overdue').closest('[data-variant]')?.getAttribute('data-variant')).toBe(
      'destructive',
    );

    const due = await rowOf('WO-1002');
    expect(due.getByText('Payment due Apr 4, 2031')).toBeInTheDocument();
    expect(due.queryByText('Overdue')).toBeNull();

    const pending = await rowOf('WO-1001');
    expect(pending.queryByText(/^Payment due/)).toBeNull();
    expect(pending.getByText('Unpaid')).toBeInTheDocument();
  });

  it("tells a paid order from an unpaid one at a glance, with 'Pay now' on the card while an invoice is out", async () => {
    stubApi({
      '/api/orders': () =>
        jsonResponse(
          buildOrderList([
            buildOrderSummary({ id: 2, status: 'processing', paymentStatus: 'paid' }),
            buildOrderSummary({
              id: 1,
              status: 'processing',
              paymentStatus: 'invoice_sent',
              invoiceUrl: INVOICE,
            }),
          ]),
        ),
    });
    renderApp('/orders');
    const rowOf = async (orderNumber: string) =>
      within((await screen.findByRole('heading', { level: 3, name: orderNumber })).closest('li')!);

    const paid = await rowOf('WO-1002');
    expect(paid.getByText('Paid').closest('[data-variant]')?.getAttribute('data-variant')).toBe('success');
    expect(paid.queryByRole('link', { name: 'Pay now' })).toBeNull();

    const invoiced = await rowOf('WO-1001');
    expect(invoiced.getByText('Invoice sent')).toBeInTheDocument();
    const payNow = invoiced.getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe(INVOICE);
    expect(payNow.getAttribute('target')).toBe('_blank');
  });
});
