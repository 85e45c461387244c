// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../../shared/cart-rules';
import type { AdminOrder, AdminOrderItem } from '../../../shared/schemas/admin-orders';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import { toast } from '../../lib/toast';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder, catalogueHandlers, refusal } from './admin-orders-test-support';
import { CANCELLED_NOT_EDITABLE } from './order-editable';

registerCartTestHooks();

/** WO-1001's lines: 24 bottles of the 4 oz at $10.65 ($313.80 with the old tier) and the tester. */
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

const CONFLICT_MESSAGE =
  'This order has changed since you opened it. It is shown as it stands now: please check it and try again.';

/**
 * admin Orders with one order, its lines, the catalogue, and PUT /api/admin/orders/1/items answered by
 * `save`; the list answers the order as it is stored (`stored`, which `save` may change).
 */
function stubServer(
  order: AdminOrder,
  save: (body: unknown) => Response | Promise<Response> = () => refusal(500, 'X', 'x'),
) {
  const state = { stored: order };
  const fetchMock = stubFetch({
    '/api/admin/orders': () => jsonResponse(adminOrderListOf([state.stored])),
    '/api/admin/orders/1/items': ({ init }) =>
      init?.method === 'PUT' ? save(JSON.parse(requestBody(init))) : jsonResponse(items),
    ...catalogueHandlers,
  });
  return { fetchMock, state };
}

const saves = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input) === '/api/admin/orders/1/items' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(requestBody(init)));

const itemReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => requestUrl(input) === '/api/admin/orders/1/items' && init?.method !== 'PUT',
  ).length;

async function openItems() {
  renderWithProviders(<OrdersSection />);
  const row = (await screen.findByRole('cell', { name: 'WO-1001' })).closest('tr');
  if (!row) throw new Error('no row');
  fireEvent.click(within(row).getByRole('button', { name: /View Items/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Order WO-1001' }));
  await dialog.findByRole('list', { name: 'Items of order WO-1001' });
  return dialog;
}

function startEditing(dialog: ReturnType<typeof within>) {
  fireEvent.click(dialog.getByRole('button', { name: 'Edit lines of order WO-1001' }));
  return dialog.findByRole('form', { name: 'Edit the lines of order WO-1001' });
}

/** 36 bottles of the 4 oz, no tester, a case of the 1 oz added. */
async function changeLines(dialog: ReturnType<typeof within>) {
  const form = within(await startEditing(dialog));
  fireEvent.change(form.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '36' } });
  fireEvent.click(form.getByRole('button', { name: 'Remove Free in-store tester' }));
  fireEvent.change(form.getByLabelText('Add a product'), { target: { value: '21' } });
  fireEvent.click(form.getByRole('button', { name: 'Add' }));
  return form;
}

describe("admin Orders 'Edit lines'", () => {
  it('changes quantities, removes and adds lines, shows the new total against the current one, and sends version, items and reason', async () => {
    const order = buildAdminOrder({ version: 3 });
    const changed = buildAdminOrder({ version: 4, orderTotal: '397.68', totalCases: 4 });
    const { fetchMock, state } = stubServer(order, () => {
      state.stored = changed;
      return jsonResponse({
        message: 'Order WO-1001 changed; Jane Doe is e-mailed the change.',
        order: changed,
      });
    });
    const dialog = await openItems();
    const form = await changeLines(dialog);

    expect(form.getByLabelText<HTMLInputElement>('Bottles of 1 oz bottle').value).toBe('12');
    // 4 cases: Volume, 10% off every line, as the buyer's order form prices it.
    expect(form.getByText('Volume tier').nextElementSibling?.textContent).toBe('Volume (10% off)');
    expect(form.getByText('Current total').nextElementSibling?.textContent).toBe('$313.80');
    expect(form.getByText('New total').nextElementSibling?.textContent).toBe('$397.68');
    expect(form.getByText('Difference').nextElementSibling?.textContent).toBe('+$83.88');
    expect(form.queryByText('Free in-store tester')).toBeNull();

    // The reason is required (it is sent to the buyer).
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Reason for the change is required')).toBeInTheDocument();
    expect(saves(fetchMock)).toEqual([]);

    fireEvent.change(form.getByLabelText('Reason for the change'), {
      target: { value: 'The 1 oz is back in stock.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]).toEqual({
      version: 3,
      items: [
        { productId: 1, quantity: 36 },
        { productId: 21, quantity: 12 },
      ],
      reason: 'The 1 oz is back in stock.',
    });

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order WO-1001 changed', {
        description: 'Order WO-1001 changed; Jane Doe is e-mailed the change.',
      }),
    );
    // Back to the lines, the order as the server answered it, and the keyboard on 'Edit lines'.
    await waitFor(() => expect(dialog.queryByRole('form')).toBeNull());
    expect(dialog.getByText('Order total').nextElementSibling?.textContent).toBe('$397.68');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        dialog.getByRole('button', { name: 'Edit lines of order WO-1001' }),
      ),
    );
  });

  it('refuses nothing but whole numbers and the cart rules before sending, and never an empty order', async () => {
    const { fetchMock } = stubServer(buildAdminOrder());
    const dialog = await openItems();
    const form = within(await startEditing(dialog));
    // 'Edit lines' is gone: the keyboard goes on from the first line.
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Bottles of 4 oz bottle')));
    fireEvent.change(form.getByLabelText('Reason for the change'), { target: { value: 'Fewer' } });

    fireEvent.change(form.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '30' } });
    expect(form.getByText(CART_MESSAGES.caseQuantity)).toBeInTheDocument();
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));

    fireEvent.click(form.getByRole('button', { name: 'Remove 4 oz bottle' }));
    fireEvent.click(form.getByRole('button', { name: 'Remove Free in-store tester' }));
    expect(form.getByText(ORDER_HANDS_MESSAGES.noLines)).toBeInTheDocument();
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saves(fetchMock)).toEqual([]);

    // Cancel leaves the order as it was, and the keyboard on 'Edit lines'.
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(
      within(dialog.getByRole('list', { name: 'Items of order WO-1001' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        dialog.getByRole('button', { name: 'Edit lines of order WO-1001' }),
      ),
    );
    // Editing again (the catalogue known by now) starts at the first line too.
    const again = within(await startEditing(dialog));
    await waitFor(() => expect(document.activeElement).toBe(again.getByLabelText('Bottles of 4 oz bottle')));
  });

  it('shows a 409 with the order as it now stands: its row, its lines again, and keeps the reason and the quantities typed for the next try', async () => {
    const order = buildAdminOrder({ version: 3 });
    const now = buildAdminOrder({ version: 5, orderTotal: '500.00', status: 'awaiting_confirmation' });
    const { fetchMock, state } = stubServer(order, () => {
      state.stored = now;
      return refusal(409, 'CONFLICT', CONFLICT_MESSAGE, { order: now });
    });
    const dialog = await openItems();
    const reads = itemReads(fetchMock);
    const form = await changeLines(dialog);
    fireEvent.change(form.getByLabelText('Reason for the change'), { target: { value: 'Out of the 1 oz' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(CONFLICT_MESSAGE);
    expect(dialog.queryByRole('form')).toBeNull();
    expect(dialog.getByText('Order total').nextElementSibling?.textContent).toBe('$500.00');
    // The row shows the order as it now stands, at once; the lines are read again.
    const row = screen.getByRole('cell', { name: 'WO-1001' }).closest('tr');
    expect(row?.textContent).toContain('$500.00');
    expect(row?.textContent).toContain("Awaiting buyer's confirmation");
    await waitFor(() => expect(itemReads(fetchMock)).toBeGreaterThan(reads));

    // The quantities typed, not saved, shown under the order as it now stands.
    const unsaved = within(dialog.getByRole('region', { name: 'Your unsaved lines for order WO-1001' }));
    expect(unsaved.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      '4 oz bottle36 bottles',
      '1 oz bottle12 bottles',
    ]);

    // The next try starts from them, with the reason typed before, and is saved only deliberately, from the
    // version of the order as it now stands.
    const again = within(await startEditing(dialog));
    expect(
      again.getByText(/These are the quantities you typed before the order changed/),
    ).toBeInTheDocument();
    expect(again.getByLabelText<HTMLInputElement>('Bottles of 4 oz bottle').value).toBe('36');
    expect(again.getByLabelText<HTMLInputElement>('Bottles of 1 oz bottle').value).toBe('12');
    expect(again.queryByText('Free in-store tester')).toBeNull();
    expect(again.getByText('Current total').nextElementSibling?.textContent).toBe('$500.00');
    expect(again.getByLabelText<HTMLTextAreaElement>('Reason for the change').value).toBe('Out of the 1 oz');
    expect(saves(fetchMock)).toHaveLength(1);
    fireEvent.click(again.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(2));
    expect(saves(fetchMock)[1]).toEqual({
      version: 5,
      items: [
        { productId: 1, quantity: 36 },
        { productId: 21, quantity: 12 },
      ],
      reason: 'Out of the 1 oz',
    });
  });

  it('after a 409, starts from the current lines again once staff choose to', async () => {
    const now = buildAdminOrder({ version: 5, orderTotal: '500.00' });
    const { state } = stubServer(buildAdminOrder({ version: 3 }), () => {
      state.stored = now;
      return refusal(409, 'CONFLICT', CONFLICT_MESSAGE, { order: now });
    });
    const dialog = await openItems();
    const form = await changeLines(dialog);
    fireEvent.change(form.getByLabelText('Reason for the change'), { target: { value: 'Out of the 1 oz' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await dialog.findByRole('region', { name: 'Your unsaved lines for order WO-1001' });

    fireEvent.click(dialog.getByRole('button', { name: 'Start from the current lines' }));
    expect(dialog.queryByRole('region', { name: /Your unsaved lines/ })).toBeNull();
    const again = within(await startEditing(dialog));
    expect(again.getByLabelText<HTMLInputElement>('Bottles of 4 oz bottle').value).toBe('24');
    expect(again.queryByText(/These are the quantities you typed/)).toBeNull();
  });

  it("shows the server's refusal in the form and keeps the lines typed (an invoiced order)", async () => {
    stubServer(buildAdminOrder(), () => refusal(409, 'CONFLICT', ORDER_HANDS_MESSAGES.invoiced));
    const dialog = await openItems();
    const form = await changeLines(dialog);
    fireEvent.change(form.getByLabelText('Reason for the change'), { target: { value: 'More' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));

    expect((await form.findByRole('alert')).textContent).toBe(ORDER_HANDS_MESSAGES.invoiced);
    expect(form.getByLabelText<HTMLInputElement>('Bottles of 4 oz bottle').value).toBe('36');
    expect(form.getByLabelText<HTMLInputElement>('Bottles of 1 oz bottle').value).toBe('12');
  });

  it('is offered on an order awaiting the buyer', async () => {
    stubServer(buildAdminOrder({ status: 'awaiting_confirmation' }));
    const dialog = await openItems();
    expect(dialog.getByRole('button', { name: 'Edit lines of order WO-1001' })).toBeInTheDocument();
  });

  it.each([
    ['approved', buildAdminOrder({ status: 'processing' }), ORDER_HANDS_MESSAGES.staffNotEditable],
    [
      'invoiced',
      buildAdminOrder({ status: 'processing', paymentStatus: 'invoice_sent' }),
      ORDER_HANDS_MESSAGES.invoiced,
    ],
    [
      'invoiced, then moved back to pending',
      buildAdminOrder({ paymentStatus: 'invoice_sent' }),
      ORDER_HANDS_MESSAGES.invoiced,
    ],
    ['paid', buildAdminOrder({ status: 'shipped', paymentStatus: 'paid' }), ORDER_HANDS_MESSAGES.invoiced],
    ['cancelled', buildAdminOrder({ status: 'cancelled' }), CANCELLED_NOT_EDITABLE],
  ])('is not offered on an %s order, which says why', async (_, order, why) => {
    stubServer(order);
    const dialog = await openItems();
    expect(dialog.queryByRole('button', { name: /Edit lines/ })).toBeNull();
    expect(dialog.getByText(why)).toBeInTheDocument();
  });
});
