// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../../shared/cart-rules';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import { toast } from '../../lib/toast';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import {
  adminOrderListOf,
  buildAdminOrder,
  buildOrderer,
  catalogueHandlers,
  refusal,
} from './admin-orders-test-support';

registerCartTestHooks();

const EXPIRES_AT = '2031-03-18T15:30:00.000Z';

/**
 * The server of admin Orders with 'New order': the list, the people, the catalogue, and POST /api/admin/orders
 * answered by `create` (201 WO-1042 unless told otherwise).
 */
function stubServer(create: () => Response | Promise<Response> = () => created()) {
  const fetchMock = stubFetch({
    '/api/admin/orders': ({ init }) =>
      init?.method === 'POST' ? create() : jsonResponse(adminOrderListOf([buildAdminOrder()])),
    '/api/admin/orders/orderers': () =>
      jsonResponse({
        orderers: [
          buildOrderer(),
          buildOrderer({
            userId: 9,
            name: 'Sam Buyer',
            email: 'sam@corner.test',
            companyName: 'Corner Store',
            companyRole: 'buyer',
            locations: [{ id: 40, name: 'Corner Store' }],
          }),
        ],
      }),
    ...catalogueHandlers,
  });
  return fetchMock;
}

function created() {
  return jsonResponse(
    { orderId: 42, orderNumber: 'WO-1042', confirmationExpiresAt: EXPIRES_AT },
    { status: 201 },
  );
}

type FetchMock = ReturnType<typeof stubServer>;

/** The bodies of every POST /api/admin/orders so far. */
function createRequests(fetchMock: FetchMock): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input) === '/api/admin/orders' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(requestBody(init)));
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => requestUrl(input).startsWith('/api/admin/orders?') && init?.method !== 'POST',
  ).length;

async function openNewOrder() {
  renderWithProviders(<OrdersSection />);
  await screen.findByRole('cell', { name: 'WO-1001' });
  fireEvent.click(screen.getByRole('button', { name: 'New order' }));
  const dialog = await screen.findByRole('dialog', { name: 'New order' });
  // The catalogue has arrived once its first line is there.
  await within(dialog).findByLabelText('Bottles of 4 oz bottle');
  return within(dialog);
}

/** Chooses Jane Doe, 24 bottles of the 4 oz and the tester, at her second location, with a note and a PO number. */
async function fillOrder(dialog: ReturnType<typeof within>) {
  fireEvent.click(await dialog.findByRole('radio', { name: /Jane Doe/ }));
  fireEvent.change(dialog.getByLabelText('Location'), { target: { value: '32' } });
  fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '24' } });
  fireEvent.click(dialog.getByLabelText('Include the Free in-store tester'));
  fireEvent.change(dialog.getByLabelText('Note to the buyer'), {
    target: { value: 'As agreed on the phone.' },
  });
  fireEvent.change(dialog.getByLabelText('PO number (optional)'), { target: { value: ' PO-77 ' } });
  fireEvent.click(dialog.getByLabelText(/Approve as soon as the buyer confirms/));
}

describe("admin Orders 'New order'", () => {
  it('finds the people who may order, with their company, role and e-mail, and asks the server as staff type', async () => {
    const fetchMock = stubServer();
    const dialog = await openNewOrder();

    const sam = await dialog.findByRole('radio', { name: /Sam Buyer/ });
    const label = sam.closest('label');
    expect(label?.textContent).toContain('Corner Store · Buyer');
    expect(label?.textContent).toContain('sam@corner.test');
    expect(dialog.getByRole('radio', { name: /Jane Doe/ }).closest('label')?.textContent).toContain(
      'Doe Botanicals · Owner',
    );

    fireEvent.change(dialog.getByLabelText('Find the buyer'), { target: { value: 'corner' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toContain(
        '/api/admin/orders/orderers?search=corner',
      ),
    );
  });

  it('preselects the first location of the person chosen, and offers only theirs', async () => {
    stubServer();
    const dialog = await openNewOrder();
    fireEvent.click(await dialog.findByRole('radio', { name: /Jane Doe/ }));
    const location = dialog.getByLabelText<HTMLSelectElement>('Location');
    expect(location.value).toBe('31');
    expect(
      within(location)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main location', 'Riverside shop']);

    fireEvent.click(dialog.getByRole('radio', { name: /Sam Buyer/ }));
    expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('40');
  });

  it('prices the lines as the buyer would get them: the tier the whole order reaches, line totals and the total', async () => {
    stubServer();
    const dialog = await openNewOrder();
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '24' } });

    // 2 cases: Retailer, 7% off $10.65 = $9.90 a bottle.
    const lines = dialog.getByRole('list', { name: 'Products of the new order' });
    const fourOunce = within(lines).getAllByRole('listitem')[0]!;
    expect(fourOunce.textContent).toContain('$9.90 per bottle');
    expect(fourOunce.textContent).toContain('2 cases');
    expect(fourOunce.textContent).toContain('$237.60');
    expect(dialog.getByText('Volume tier').nextElementSibling?.textContent).toBe('Retailer (7% off)');
    expect(dialog.getByText('Order total').nextElementSibling?.textContent).toBe('$237.60');
    expect(dialog.getByText('Savings').nextElementSibling?.textContent).toBe('-$18.00');

    // One more case reaches Volume (10% off) for every line.
    fireEvent.change(dialog.getByLabelText('Bottles of 1 oz bottle'), { target: { value: '12' } });
    expect(dialog.getByText('Volume tier').nextElementSibling?.textContent).toBe('Volume (10% off)');
    expect(fourOunce.textContent).toContain('$9.59 per bottle');
  });

  it('sends exactly the request of the contract, says who is asked to confirm it, and refreshes the list', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openNewOrder();
    await fillOrder(dialog);

    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));
    const sending = await dialog.findByRole<HTMLButtonElement>('button', { name: 'Creating...' });
    expect(sending.disabled).toBe(true);
    expect(createRequests(fetchMock)).toEqual([
      {
        userId: 7,
        locationId: 32,
        items: [
          { productId: 1, quantity: 24 },
          { productId: 41, quantity: 1 },
        ],
        note: 'As agreed on the phone.',
        poNumber: 'PO-77',
        approveOnConfirm: true,
        requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    const listsBefore = listRequests(fetchMock);

    answer(created());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order WO-1042 created', {
        description: `An e-mail asks Jane Doe to confirm it by ${formatDate(EXPIRES_AT, DATE_TIME_FORMAT)}.`,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New order' })).toBeNull());
    await waitFor(() => expect(listRequests(fetchMock)).toBeGreaterThan(listsBefore));
  });

  it('sends no note or PO number when none was typed, and leaves the approval to staff by default', async () => {
    const fetchMock = stubServer();
    const dialog = await openNewOrder();
    fireEvent.click(await dialog.findByRole('radio', { name: /Sam Buyer/ }));
    fireEvent.change(dialog.getByLabelText('Bottles of 1 oz bottle'), { target: { value: '12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    await waitFor(() => expect(createRequests(fetchMock)).toHaveLength(1));
    expect(createRequests(fetchMock)[0]).toEqual({
      userId: 9,
      locationId: 40,
      items: [{ productId: 21, quantity: 12 }],
      note: null,
      poNumber: null,
      approveOnConfirm: false,
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it("shows the server's refusal in the dialog and keeps everything typed", async () => {
    const fetchMock = stubServer(() => refusal(422, 'UNPROCESSABLE', ORDER_HANDS_MESSAGES.notOrderer));
    const dialog = await openNewOrder();
    await fillOrder(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    expect((await dialog.findByRole('alert')).textContent).toContain(ORDER_HANDS_MESSAGES.notOrderer);
    expect(toast.success).not.toHaveBeenCalled();
    expect(dialog.getByRole<HTMLInputElement>('radio', { name: /Jane Doe/ }).checked).toBe(true);
    expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('32');
    expect(dialog.getByLabelText<HTMLInputElement>('Bottles of 4 oz bottle').value).toBe('24');
    expect(dialog.getByLabelText<HTMLInputElement>('Include the Free in-store tester').checked).toBe(true);
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Note to the buyer').value).toBe(
      'As agreed on the phone.',
    );
    expect(dialog.getByLabelText<HTMLInputElement>('PO number (optional)').value).toBe(' PO-77 ');
    expect(dialog.getByLabelText<HTMLInputElement>(/Approve as soon as the buyer confirms/).checked).toBe(
      true,
    );

    // Sent again as it stands, once staff have dealt with it.
    await waitFor(() =>
      expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Create order' }).disabled).toBe(false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(createRequests(fetchMock)).toHaveLength(2));
    // The same dialog, the same key: had the first been written after all, the server answers with it.
    const [first, second] = createRequests(fetchMock) as Array<{ requestKey: string }>;
    expect(second!.requestKey).toBe(first!.requestKey);
  });

  it('lists each cart rule the server refused the order for (422 CART_INVALID)', async () => {
    stubServer(() =>
      refusal(422, 'CART_INVALID', CART_MESSAGES.caseQuantity, { errors: [CART_MESSAGES.caseQuantity] }),
    );
    const dialog = await openNewOrder();
    await fillOrder(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(CART_MESSAGES.caseQuantity);
  });

  it('shows the cart rules before anything is sent, and sends nothing while one is broken', async () => {
    const fetchMock = stubServer();
    const dialog = await openNewOrder();

    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));
    expect(await dialog.findByText(CART_MESSAGES.empty)).toBeInTheDocument();
    expect(dialog.getByText('Choose who the order is for.')).toBeInTheDocument();

    fireEvent.click(await dialog.findByRole('radio', { name: /Jane Doe/ }));
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '18' } });
    expect(dialog.getByText(CART_MESSAGES.caseQuantity)).toBeInTheDocument();
    expect(dialog.queryByText(CART_MESSAGES.empty)).toBeNull();
    expect(dialog.getByLabelText('Bottles of 4 oz bottle').getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.getByText('1 case + 6 bottles')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '1.5' } });
    expect(
      dialog.getByText('Enter a whole number of bottles from 0 to 100,000 for 4 oz bottle.'),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    // The bundle is exempt from the case rule: one is an order.
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText('Bundles of Case of mixed bottles'), { target: { value: '1' } });
    expect(dialog.queryByRole('alert')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(createRequests(fetchMock)).toEqual([]);
  });

  it("judges the PO number by the server's rule before sending", async () => {
    const fetchMock = stubServer();
    const dialog = await openNewOrder();
    fireEvent.click(await dialog.findByRole('radio', { name: /Jane Doe/ }));
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '12' } });
    fireEvent.change(dialog.getByLabelText('PO number (optional)'), { target: { value: 'PO\u202E1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    expect(
      await dialog.findByText('PO number must not contain control characters or line breaks'),
    ).toBeInTheDocument();
    expect(createRequests(fetchMock)).toEqual([]);
  });

  it('asks before discarding what was typed, on Escape, the backdrop and Cancel, and closes at once when nothing was', async () => {
    const fetchMock = stubServer();
    let dialog = await openNewOrder();
    // Nothing typed: Cancel closes without asking.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New order' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard this order?' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    dialog = within(await screen.findByRole('dialog', { name: 'New order' }));
    fireEvent.change(await dialog.findByLabelText('Bottles of 4 oz bottle'), { target: { value: '24' } });
    const newOrder = screen.getByRole('dialog', { name: 'New order' });
    const closings: Array<[string, () => void]> = [
      ['Escape', () => fireEvent(newOrder, new Event('cancel', { cancelable: true }))],
      ['the backdrop', () => fireEvent.click(newOrder)],
      ['Cancel', () => fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))],
    ];
    for (const [way, close] of closings) {
      close();
      const asking = within(await screen.findByRole('dialog', { name: 'Discard this order?' }));
      fireEvent.click(asking.getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this order?' })).toBeNull());
      expect(dialog.getByLabelText<HTMLInputElement>('Bottles of 4 oz bottle').value, way).toBe('24');
    }

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard this order?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New order' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard this order?' })).toBeNull();
    expect(createRequests(fetchMock)).toEqual([]);
  });

  it('asks too once only a person was chosen', async () => {
    stubServer();
    const dialog = await openNewOrder();
    fireEvent.click(await dialog.findByRole('radio', { name: /Jane Doe/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Discard this order?' })).toBeInTheDocument();
  });

  it("moves the keyboard to the people when nobody was chosen, and ties 'Choose who the order is for.' to them", async () => {
    stubServer();
    const dialog = await openNewOrder();
    const jane = await dialog.findByRole('radio', { name: /Jane Doe/ });
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '24' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create order' }));

    const problem = await dialog.findByText('Choose who the order is for.');
    await waitFor(() => expect(document.activeElement).toBe(jane));
    const people = dialog.getByRole('group', { name: 'Order for' });
    expect(people.getAttribute('aria-describedby')).toBe(problem.id);
    expect(problem.id).not.toBe('');

    fireEvent.click(jane);
    expect(dialog.queryByText('Choose who the order is for.')).toBeNull();
    expect(people.getAttribute('aria-describedby')).toBeNull();
  });

  it('does not offer to create an order for a person with no location, and says why', async () => {
    const fetchMock = stubFetch({
      '/api/admin/orders': () => jsonResponse(adminOrderListOf([buildAdminOrder()])),
      '/api/admin/orders/orderers': () =>
        jsonResponse({ orderers: [buildOrderer({ userId: 12, name: 'Lee Nowhere', locations: [] })] }),
      ...catalogueHandlers,
    });
    const dialog = await openNewOrder();
    fireEvent.click(await dialog.findByRole('radio', { name: /Lee Nowhere/ }));
    fireEvent.change(dialog.getByLabelText('Bottles of 4 oz bottle'), { target: { value: '24' } });

    const reason = dialog.getByText(
      'Lee Nowhere has no location on file, so no order can be made for them. Give them a location in their company first.',
    );
    const create = dialog.getByRole<HTMLButtonElement>('button', { name: 'Create order' });
    expect(create.disabled).toBe(true);
    expect(create.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.submit(create.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(createRequests(fetchMock)).toEqual([]);
  });
});
