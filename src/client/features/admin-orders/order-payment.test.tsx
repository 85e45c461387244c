// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { toast } from '../../lib/toast';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { loseFocus } from '../../test-support/focus';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder } from './admin-orders-test-support';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

const DUE = '2031-04-04T10:00:00.000Z';
const at = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

/** WO-1001 approved on Net 30 and unpaid: due on Apr 4, 2031. */
const onTerms = (overrides: Partial<AdminOrder> = {}) =>
  buildAdminOrder({
    status: 'processing',
    paymentStatus: 'invoice_sent',
    paymentTerms: 'net30',
    paymentDueAt: DUE,
    ...overrides,
  });

function stubOrders(orders: AdminOrder[], more: Handlers = {}) {
  return stubFetch({ '/api/admin/orders': () => jsonResponse(adminOrderListOf(orders)), ...more });
}

async function findRow(orderNumber: string) {
  const row = (await screen.findByRole('cell', { name: new RegExp(`^${orderNumber}`) })).closest('tr');
  if (!row) throw new Error('no row');
  return row;
}

/** Past its due date, as the server answers it: 'Overdue', and a reminder may be sent. */
const overdue = { paymentOverdue: true, canSendReminder: true } as const;

const reminderButton = (orderNumber: string) =>
  screen.queryByRole('button', { name: `Send payment reminder for ${orderNumber}` });

/** Staff confirm a reminder before it goes (issue 31, finding 9). */
async function confirmReminder(orderNumber: string) {
  const dialog = await screen.findByRole('dialog', { name: `Send a payment reminder for ${orderNumber}?` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
}

describe('admin Orders: payment terms (issue 20)', () => {
  it("shows each order's terms and where its money stands: due date (date only), 'Overdue', 'Paid'", async () => {
    stubOrders([
      onTerms({ id: 1, paymentOverdue: true, paymentReminderSentAt: '2031-04-06T09:15:00.000Z' }),
      onTerms({ id: 2 }),
      buildAdminOrder({ id: 3 }),
      onTerms({ id: 4, paymentStatus: 'paid' }),
      buildAdminOrder({ id: 5, status: 'processing', paymentStatus: 'invoice_sent' }),
    ]);
    renderWithProviders(<OrdersSection />);
    const stateIn = (row: ReturnType<typeof within>) =>
      row.getByText(
        (_text: string, element: Element | null) => element?.hasAttribute('data-payment-state') ?? false,
      );

    const overdue = within(await findRow('WO-1001'));
    expect(overdue.getByText('Net 30')).toBeInTheDocument();
    const badge = stateIn(overdue);
    expect(badge.textContent).toBe('Overdue');
    expect(badge.getAttribute('data-variant')).toBe('destructive');
    expect(overdue.getByText(`Reminder sent ${at('2031-04-06T09:15:00.000Z')}`)).toBeInTheDocument();

    const due = within(await findRow('WO-1002'));
    expect(stateIn(due).textContent).toBe('Payment due Apr 4, 2031');
    expect(due.queryByText('Overdue')).toBeNull();
    expect(due.queryByText(/^Reminder sent/)).toBeNull();

    const pending = within(await findRow('WO-1003'));
    expect(pending.getByText('Pay on approval')).toBeInTheDocument();
    expect(stateIn(pending).textContent).toBe('Unpaid');

    // A paid order and an invoiced, unpaid one no longer read alike (issue 31, finding 1).
    const paid = within(await findRow('WO-1004'));
    expect(paid.getByText('Net 30')).toBeInTheDocument();
    expect(stateIn(paid).textContent).toBe('Paid');
    expect(stateIn(paid).getAttribute('data-variant')).toBe('success');
    expect(stateIn(within(await findRow('WO-1005'))).textContent).toBe('Invoice sent');
  });

  it('says on the button when the next reminder may go while the last is less than a day old', async () => {
    const hourAgo = '2031-04-06T09:15:00.000Z';
    const nextAt = '2031-04-07T09:15:00.000Z';
    const twoDaysAgo = '2031-04-04T09:15:00.000Z';
    stubOrders([
      onTerms({ id: 1, ...overdue, paymentReminderSentAt: hourAgo, nextPaymentReminderAt: nextAt }),
      onTerms({ id: 2, ...overdue, paymentReminderSentAt: twoDaysAgo }),
    ]);
    renderWithProviders(<OrdersSection />);

    const recent = within(await findRow('WO-1001'));
    // The button says when and does nothing until then (issue 31, finding 9), keeping its focus.
    const waiting = recent.getByRole('button', {
      name: `Next reminder possible ${at(nextAt)} for WO-1001`,
    });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(waiting);
    expect(screen.queryByRole('dialog')).toBeNull();
    const older = within(await findRow('WO-1002'));
    expect(older.getByText(`Reminder sent ${at(twoDaysAgo)}`)).toBeInTheDocument();
    expect(reminderButton('WO-1002')?.hasAttribute('aria-disabled')).toBe(false);
  });

  it('offers a payment reminder on the orders the server says may be reminded, and no others', async () => {
    stubOrders([
      onTerms({ id: 1, ...overdue }),
      onTerms({ id: 2, status: 'shipped', ...overdue }),
      onTerms({ id: 3 }),
      // Overdue, but the server refuses a reminder (e.g. not on net terms any more in Shopify's eyes).
      onTerms({ id: 4, paymentOverdue: true }),
      buildAdminOrder({ id: 5, status: 'processing', paymentStatus: 'invoice_sent' }),
    ]);
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1005');

    const numbers = [1, 2, 3, 4, 5].map((id) => `WO-${1000 + id}`);
    const offered = numbers.filter((orderNumber) => reminderButton(orderNumber) !== null);
    expect(offered).toEqual(['WO-1001', 'WO-1002']);
    expect(reminderButton('WO-1001')?.textContent).toBe('Send payment reminder');
  });

  it("sends the reminder once confirmed, toasts 'Payment reminder sent' and says when the next may go", async () => {
    const sentAt = '2031-04-05T08:00:00.000Z';
    const nextAt = '2031-04-06T08:00:00.000Z';
    let answer: (response: Response) => void = () => undefined;
    let sent = false;
    const fetchMock = stubFetch({
      '/api/admin/orders': () =>
        jsonResponse(
          adminOrderListOf([
            onTerms({
              ...overdue,
              paymentReminderSentAt: sent ? sentAt : null,
              nextPaymentReminderAt: sent ? nextAt : null,
            }),
          ]),
        ),
      '/api/admin/orders/1/payment-reminder': () =>
        new Promise<Response>((resolve) => {
          answer = (response) => {
            sent = true;
            resolve(response);
          };
        }),
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');
    const button = reminderButton('WO-1001')!;
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Send a payment reminder for WO-1001?' });
    expect(dialog.textContent).toContain(
      'jane@shop.test is e-mailed a reminder to pay $313.80, due Apr 4, 2031. One reminder can go out a day.',
    );
    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).endsWith('/payment-reminder'))).toBe(
      false,
    );
    await confirmReminder('WO-1001');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    // A browser drops the focus of a control that becomes disabled (happy-dom keeps it).
    loseFocus();

    answer(
      jsonResponse({
        message: 'Payment reminder sent',
        order: onTerms({ ...overdue, paymentReminderSentAt: sentAt }),
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Payment reminder sent', {
        description: 'jane@shop.test was reminded to pay order WO-1001.',
      }),
    );
    expect(await within(await findRow('WO-1001')).findByText(`Reminder sent ${at(sentAt)}`)).toBeTruthy();
    const waiting = await screen.findByRole('button', {
      name: `Next reminder possible ${at(nextAt)} for WO-1001`,
    });
    await waitFor(() => expect(document.activeElement).toBe(waiting));
    const posts = fetchMock.mock.calls.filter(([input]) => requestUrl(input).endsWith('/payment-reminder'));
    expect(posts.map(([, init]) => init?.method)).toEqual(['POST']);
  });

  it("toasts the server's refusal, or 'Failed to send the payment reminder'", async () => {
    let networkDown = false;
    stubOrders([onTerms(overdue)], {
      '/api/admin/orders/1/payment-reminder': () => {
        if (networkDown) throw new TypeError('Failed to fetch');
        return errorResponse(409, 'A payment reminder can be sent once the payment is overdue');
      },
    });
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');

    fireEvent.click(reminderButton('WO-1001')!);
    await confirmReminder('WO-1001');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'A payment reminder can be sent once the payment is overdue',
      }),
    );
    networkDown = true;
    await waitFor(() => expect(reminderButton('WO-1001')?.hasAttribute('disabled')).toBe(false));
    fireEvent.click(reminderButton('WO-1001')!);
    await confirmReminder('WO-1001');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to send the payment reminder',
      }),
    );
  });

  it("shows the terms, 'Overdue' and the reminder button in the stacked list on a phone", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    stubOrders([onTerms(overdue)]);
    renderWithProviders(<OrdersSection />);

    const list = within(await screen.findByRole('list', { name: 'Orders' }));
    expect(list.getByText('Overdue')).toBeInTheDocument();
    expect(list.getByText('Net 30')).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Send payment reminder for WO-1001' })).toBeInTheDocument();
  });

  it.each([
    ['Overdue', 'overdue'],
    ['Unpaid', 'unpaid'],
  ])("lists the matching orders under the '%s' filter", async (label, value) => {
    const fetchMock = stubOrders([onTerms({ paymentOverdue: true })]);
    renderWithProviders(<OrdersSection />);
    await findRow('WO-1001');
    const select = screen.getByLabelText('Status');
    expect(within(select).getByRole('option', { name: label })).toBeInTheDocument();
    fireEvent.change(select, { target: { value } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
          .filter((url) => url.pathname === '/api/admin/orders')
          .at(-1)
          ?.searchParams.get('status'),
      ).toBe(value),
    );
  });

  it("names the order's payment terms and its Shopify draft or order in its items dialog", async () => {
    stubOrders([onTerms({ shopifyOrderId: '#D1' })], { '/api/admin/orders/1/items': () => jsonResponse([]) });
    renderWithProviders(<OrdersSection />);
    fireEvent.click(within(await findRow('WO-1001')).getByRole('button', { name: /View Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order WO-1001' });
    await within(dialog).findByText('This order has no items.');
    expect(
      within(dialog).getByText('Payment terms', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('Net 30');
    // Staff tell a draft's name from an order's (docs/orders.md#order-numbers).
    expect(within(dialog).getByText('Shopify', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Shopify draft #D1',
    );
  });
});
