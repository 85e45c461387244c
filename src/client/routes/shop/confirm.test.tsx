// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { toast } from '../../lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { createDraftOrderRequestSchema } from '../../../shared/schemas/orders';
import { CART_STORAGE_KEY, cartStore, setCartItemQuantity } from '../../lib/cart/cart-store';
import { ORDER_NOTES_STORAGE_KEY } from '../../lib/cart/order-notes-store';
import { PO_NUMBER_STORAGE_KEY } from '../../lib/cart/po-number-store';
import { buildTesterOrderDetailResponse } from '../../test-support/order-fixtures';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

type Handlers = Parameters<typeof stubFetch>[0];
type FetchMock = ReturnType<typeof stubFetch>;

const ORDER_PATH = '/api/create-draft-order';
const SUBMIT = 'Submit Order for Approval';

registerCartTestHooks();
afterEach(() => {
  sessionStorage.clear();
});

const draftOrder = (orderId = 1) => ({
  success: true,
  error: null,
  orderName: `WO-${1000 + orderId}`,
  orderId,
  invoiceUrl: null,
  testMode: true,
});

function stubApi(overrides: Handlers = {}, user: CurrentUser = testUser) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: user }),
    '/api/products': () => jsonResponse(testProducts),
    '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    [ORDER_PATH]: () => jsonResponse(draftOrder()),
    ...overrides,
  });
}

function seedCart(items: Array<{ productId: number; quantity: number }>, testerAdded = false) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ version: 3, items, testerAdded, updatedAt: '2031-05-01T10:00:00.000Z' }),
  );
}

/** 2 cases of the 4 oz bottle and the tester: the 7% tier. */
const seedTwoCasesAndTester = () => seedCart([{ productId: 1, quantity: 24 }], true);

function storedCart(): { items: unknown[]; testerAdded: boolean } {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as {
    items: unknown[];
    testerAdded: boolean;
  };
}

function orderCalls(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input) === ORDER_PATH)
    .map(([, init]) => ({
      body: JSON.parse(requestBody(init)) as Record<string, unknown>,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));
}

function summaryValue(label: string): string | null {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

async function openReview() {
  const view = renderApp('/confirm');
  await screen.findByRole('heading', { level: 2, name: 'Order Summary' });
  return view;
}

const submitButton = () => screen.getByRole('button', { name: SUBMIT });

describe('review page', () => {
  it('shows 2 cases of 4 oz and the tester priced at the 7% tier, with free shipping', async () => {
    seedTwoCasesAndTester();
    stubApi();

    await openReview();

    expect(screen.getByRole('heading', { level: 1, name: 'Review Your Order' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [fourOunce, tester] = items as [HTMLElement, HTMLElement];
    expect(within(fourOunce).getByText('4 oz bottle')).toBeInTheDocument();
    expect(within(fourOunce).getByText('2 cases')).toBeInTheDocument();
    expect(within(fourOunce).getByText('24 bottles')).toBeInTheDocument();
    expect(within(fourOunce).getByText('$9.90 per bottle')).toBeInTheDocument();
    expect(within(fourOunce).getByText('$10.65').tagName).toBe('S');
    expect(within(fourOunce).getByText('$237.60')).toBeInTheDocument();
    expect(within(tester).getByText('Free in-store tester')).toBeInTheDocument();
    expect(within(tester).getByText('Free')).toBeInTheDocument();

    expect(summaryValue('Items')).toBe('2');
    expect(summaryValue('Cases')).toBe('2');
    expect(summaryValue('Units')).toBe('24');
    expect(summaryValue('Standard Total')).toBe('$255.60');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('$255.60').tagName).toBe('S');
    expect(summaryValue('Tier Applied')).toBe('Retailer (7% off)');
    expect(summaryValue('Savings')).toBe('-$18.00');
    expect(within(summary).getByText('$19.00').tagName).toBe('S');
    expect(summaryValue('Shipping')).toContain('Free');
    expect(summaryValue('Discounted Total')).toBe('$237.60');
  });

  it('shows the contact and shipping address from the profile, each with an Edit link to /account', async () => {
    seedTwoCasesAndTester();
    stubApi();

    await openReview();

    const contact = screen.getByRole('region', { name: 'Customer Contact' });
    expect(within(contact).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(contact).getByText('Doe Botanicals')).toBeInTheDocument();
    expect(within(contact).getByText('jane@shop.test')).toBeInTheDocument();
    expect(within(contact).getByText('555-0100')).toBeInTheDocument();
    const shipping = screen.getByRole('region', { name: 'Shipping Address' });
    expect(within(shipping).getByText('1 Main St')).toBeInTheDocument();
    expect(within(shipping).getByText('Springfield, IL 62701')).toBeInTheDocument();
    expect(within(shipping).getByText('USA')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit customer contact' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Edit shipping address' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/');
  });

  it("shows the buyer's payment terms with what they mean (issue 20)", async () => {
    seedTwoCasesAndTester();
    stubApi();
    await openReview();
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getByText('Payment terms: Pay on approval')).toBeInTheDocument();
    expect(summary.getByText('Pay by invoice once we approve the order.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No payment is taken now. Once our team approves your order, you will receive a payment link by email.',
      ),
    ).toBeInTheDocument();
    cleanup();

    stubApi({}, { ...testUser, paymentTerms: 'net30' });
    await openReview();
    const onTerms = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(onTerms.getByText('Payment terms: Net 30')).toBeInTheDocument();
    expect(
      onTerms.getByText('Pay within 30 days of approval; your invoice with the due date is e-mailed to you.'),
    ).toBeInTheDocument();
    // What follows approval: the invoice and its due date, not a payment link (issue 31, finding 7).
    expect(
      screen.getByText(
        'No payment is taken now. Once our team approves your order, your invoice is e-mailed to you, due 30 days after approval.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/payment link by email/)).toBeNull();
  });

  describe("'Credit available' (docs/storefront.md#credit-available)", () => {
    const credit = (available: string, openBalance: string) =>
      jsonResponse({ credit: { limit: '1000.00', openBalance, available, usedPercent: 25 } });
    const HELD_NOTE = /may be held for review/;

    it('shows the credit available under the payment terms, with no note while the order fits', async () => {
      seedTwoCasesAndTester();
      stubApi(
        { '/api/account/credit': () => credit('750.00', '250.00') },
        { ...testUser, paymentTerms: 'net30' },
      );
      await openReview();

      const box = within(screen.getByRole('region', { name: 'Credit' }));
      expect(box.getByText(/^Credit available:/).textContent).toBe(
        'Credit available: $750.00 of $1,000.00 limit',
      );
      expect(box.getByText(/^Open balance:/).textContent).toContain('$250.00');
      expect(screen.queryByText(HELD_NOTE)).toBeNull();
    });

    it('says politely that an order on net terms over the credit available may be held for review', async () => {
      seedTwoCasesAndTester();
      const fetchMock = stubApi(
        { '/api/account/credit': () => credit('200.00', '800.00') },
        { ...testUser, paymentTerms: 'net30' },
      );
      await openReview();

      expect(summaryValue('Discounted Total')).toBe('$237.60');
      const box = within(screen.getByRole('region', { name: 'Credit' }));
      expect(box.getByText(HELD_NOTE).textContent).toBe(
        'This order is more than your available credit, so it may be held for review before it is approved. Our team will be in touch if it is.',
      );
      // A note, not a blocker: the order still goes.
      fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
      await waitFor(() => expect(countCalls(fetchMock, ORDER_PATH)).toBe(1));
    });

    it('adds no note when the order is paid on approval, whatever the credit', async () => {
      seedTwoCasesAndTester();
      stubApi({ '/api/account/credit': () => credit('0.00', '1000.00') });
      await openReview();

      expect(
        within(screen.getByRole('region', { name: 'Credit' })).getByText(/^Credit available:/).textContent,
      ).toBe('Credit available: $0.00 of $1,000.00 limit');
      expect(screen.queryByText(HELD_NOTE)).toBeNull();
    });

    it.each([
      ['no limit is set', () => jsonResponse({ credit: null })],
      ['the credit cannot be loaded', () => errorResponse(500, 'Internal error')],
    ])('shows nothing about credit when %s', async (_case, answer) => {
      seedTwoCasesAndTester();
      stubApi({ '/api/account/credit': answer }, { ...testUser, paymentTerms: 'net30' });
      await openReview();

      expect(screen.getByText('Payment terms: Net 30')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Credit' })).toBeNull();
      expect(screen.queryByText(/Credit available/)).toBeNull();
    });

    it('keeps the summary loading until the credit has answered, so nothing moves when it comes', async () => {
      seedTwoCasesAndTester();
      let answer: (response: Response) => void = () => undefined;
      stubApi(
        { '/api/account/credit': () => new Promise<Response>((resolve) => (answer = resolve)) },
        { ...testUser, paymentTerms: 'net30' },
      );
      renderApp('/confirm');

      expect(await screen.findByRole('heading', { level: 1, name: 'Review Your Order' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText('Loading your order…')).toBeInTheDocument());
      expect(screen.queryByRole('region', { name: 'Order Summary' })).toBeNull();

      act(() => answer(credit('750.00', '250.00')));
      expect(await screen.findByRole('region', { name: 'Order Summary' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Credit' })).toBeInTheDocument();
    });

    it('shows no credit for an order of only the free tester', async () => {
      seedCart([], true);
      stubApi(
        { '/api/account/credit': () => credit('750.00', '250.00') },
        { ...testUser, paymentTerms: 'net30' },
      );
      await openReview();
      expect(screen.queryByText(/Credit available/)).toBeNull();
    });
  });

  it('names no payment terms for an order of only the free tester', async () => {
    seedCart([], true);
    stubApi({}, { ...testUser, paymentTerms: 'net60' });
    await openReview();
    expect(screen.queryByText(/^Payment terms/)).toBeNull();
  });

  it('counts the order notes up to 2000 characters', async () => {
    seedTwoCasesAndTester();
    stubApi();
    await openReview();

    const notes = screen.getByLabelText<HTMLTextAreaElement>(/Order Notes/);
    expect(notes.maxLength).toBe(2000);
    expect(screen.getByText('0/2000 characters')).toBeInTheDocument();
    fireEvent.change(notes, { target: { value: 'Leave at the back door' } });
    expect(screen.getByText('22/2000 characters')).toBeInTheDocument();
    fireEvent.change(notes, { target: { value: 'x'.repeat(2100) } });
    expect(notes.value).toHaveLength(2000);
  });

  it("keeps the typed notes with the cart through 'Go Back' and a return to the review", async () => {
    seedTwoCasesAndTester();
    stubApi();
    const { history } = await openReview();

    fireEvent.change(screen.getByLabelText(/Order Notes/), { target: { value: 'Leave at the back door' } });
    fireEvent.click(screen.getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(screen.queryByLabelText(/Order Notes/)).toBeNull();

    act(() => history.push('/confirm'));
    expect(await screen.findByLabelText<HTMLTextAreaElement>(/Order Notes/)).toHaveValue(
      'Leave at the back door',
    );
  });

  it('offers an optional PO number field that counts up to 60 characters and marks a longer one', async () => {
    seedTwoCasesAndTester();
    stubApi();
    await openReview();

    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'PO number (optional)' });
    expect(field.required).toBe(false);
    expect(field).toHaveAccessibleDescription(
      'Your own purchase order reference. It is shown with the order and in its e-mails. 0/60 characters',
    );
    fireEvent.change(field, { target: { value: 'PO-2031-0042' } });
    expect(screen.getByText('12/60 characters')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'P'.repeat(60) } });
    expect(screen.getByText('60/60 characters')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    // A longer paste is kept as pasted and said to be too long, never cut silently (issue 31, finding 8).
    fireEvent.change(field, { target: { value: 'P'.repeat(75) } });
    expect(field.value).toHaveLength(75);
    expect(screen.getByText('75/60 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('PO number must be at most 60 characters'),
    );
  });

  it("keeps the typed PO number with the cart through 'Go Back' and a return to the review", async () => {
    seedTwoCasesAndTester();
    stubApi();
    const { history } = await openReview();

    fireEvent.change(screen.getByLabelText(/PO number/), { target: { value: 'PO-2031-0042' } });
    fireEvent.click(screen.getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(screen.queryByLabelText(/PO number/)).toBeNull();

    act(() => history.push('/confirm'));
    expect(await screen.findByLabelText<HTMLInputElement>(/PO number/)).toHaveValue('PO-2031-0042');
  });

  it('asks which location the order ships to, shows its address and sends its id', async () => {
    const harbour = {
      ...testUser.locations[0]!,
      id: 32,
      name: 'Harbour shop',
      isDefault: false,
      shippingAddress: '2 Quay St\nBath, ME, 04530\nUSA',
      shippingAddressLine1: '2 Quay St',
      shippingCity: 'Bath',
      shippingState: 'ME',
      shippingZip: '04530',
    };
    seedTwoCasesAndTester();
    const fetchMock = stubApi({}, { ...testUser, locations: [...testUser.locations, harbour] });
    const { history } = await openReview();

    const shipping = screen.getByRole('region', { name: 'Shipping Address' });
    const select = within(shipping).getByLabelText<HTMLSelectElement>('Ships to location');
    expect(select.value).toBe('31');
    expect(within(shipping).getByText('Springfield, IL 62701')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '32' } });
    expect(within(shipping).getByText('Bath, ME 04530')).toBeInTheDocument();
    expect(within(shipping).queryByText('Springfield, IL 62701')).not.toBeInTheDocument();
    fireEvent.click(submitButton());

    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    const body = orderCalls(fetchMock)[0]?.body;
    expect(body?.locationId).toBe(32);
    expect(body?.customer).toMatchObject({ shippingAddressLine1: '2 Quay St', city: 'Bath' });
  });

  it("shows the chosen location's tax exemption while it is valid", async () => {
    seedTwoCasesAndTester();
    const exempt = {
      ...testUser.locations[0]!,
      taxExemption: { certificateNumber: 'RS-77', state: 'IL', expiresOn: '2031-06-30' },
    };
    stubApi({}, { ...testUser, locations: [exempt] });
    await openReview();
    const shipping = screen.getByRole('region', { name: 'Shipping Address' });
    expect(
      within(shipping).getByText('Tax exempt: certificate RS-77 (IL), valid through Jun 30, 2031'),
    ).toBeInTheDocument();
  });

  it('tells a buyer with no location why they cannot order yet', async () => {
    seedTwoCasesAndTester();
    stubApi({}, { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'buyer' }, locations: [] });
    await openReview();
    const shipping = screen.getByRole('region', { name: 'Shipping Address' });
    expect(within(shipping).getByText(/You have no location to order for yet/)).toBeInTheDocument();
  });

  it('sends the PO number trimmed with the order, and empties it with the cart', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi();
    const { history } = await openReview();

    fireEvent.change(screen.getByLabelText(/PO number/), { target: { value: '  PO-2031-0042 ' } });
    expect(localStorage.getItem(PO_NUMBER_STORAGE_KEY)).toBe('  PO-2031-0042 ');
    fireEvent.click(submitButton());

    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    expect(orderCalls(fetchMock)[0]?.body.poNumber).toBe('PO-2031-0042');
    expect(localStorage.getItem(PO_NUMBER_STORAGE_KEY)).toBeNull();
  });

  it('says what is wrong with a PO number the server would refuse, and sends nothing', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi();
    await openReview();

    const field = screen.getByLabelText<HTMLInputElement>(/PO number/);
    // A tab survives a paste into a one-line field.
    fireEvent.change(field, { target: { value: 'PO\t42' } });
    const message = 'PO number must not contain control characters or line breaks';
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));

    fireEvent.click(submitButton());
    expect(document.activeElement).toBe(field);
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(0);

    fireEvent.change(field, { target: { value: 'PO 42' } });
    expect(screen.queryByText(message)).toBeNull();
  });

  it('submits the order with the Idempotency-Key, clears the cart and opens the success page', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi();
    const { history, queryClient, visited } = await openReview();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.change(screen.getByLabelText(/Order Notes/), { target: { value: 'Leave at the back door' } });
    fireEvent.click(submitButton());

    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    expect(history.location.search).toBe('?orderNumber=WO-1001&orderId=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Submitted Successfully!' }),
    ).toBeTruthy();
    // The cleared cart did not send the buyer to / on the way.
    expect(visited).not.toContain('/');

    const [call, ...others] = orderCalls(fetchMock);
    expect(others).toHaveLength(0);
    expect(call?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      customer: {
        customerName: 'Jane Doe',
        customerEmail: 'jane@shop.test',
        customerPhone: '555-0100',
        businessName: 'Doe Botanicals',
        shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
        billingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
        shippingAddressLine1: '1 Main St',
        shippingAddressLine2: null,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'USA',
      },
      orderItems: [
        {
          productId: 1,
          quantity: 24,
          price: 9.9,
          name: '4 oz bottle',
          sku: '800-0001',
          imageUrl: 'https://cdn.dewdrop.test/4oz.png',
          shopifyVariantId: null,
        },
        {
          productId: 41,
          quantity: 1,
          price: 0,
          name: 'Free in-store tester',
          sku: '800-0003',
          imageUrl: null,
          shopifyVariantId: null,
        },
      ],
      notes: 'Leave at the back door',
      locationId: 31,
    });
    expect(createDraftOrderRequestSchema.safeParse(call?.body).success).toBe(true);

    expect(storedCart()).toMatchObject({ items: [], testerAdded: false });
    // The notes went with the order: the next cart starts without them.
    expect(localStorage.getItem(ORDER_NOTES_STORAGE_KEY)).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    // The success page says it; no toast covers it.
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows 'Submitting...' and sends once however often the button is pressed", async () => {
    seedTwoCasesAndTester();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      [ORDER_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { history } = await openReview();

    const button = submitButton() as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.textContent).toBe('Submitting...');
    expect(button.disabled).toBe(true);
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(1);

    await act(() => {
      answer(jsonResponse(draftOrder()));
      return Promise.resolve();
    });
    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(1);
  });

  it('submits once and moves on under StrictMode too', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi();
    const { history } = renderApp('/confirm', { wrapper: StrictMode });
    await screen.findByRole('heading', { level: 2, name: 'Order Summary' });

    fireEvent.click(submitButton());

    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(1);
  });

  it('sends an order of only the tester as one line and opens /tester-confirmation', async () => {
    seedCart([], true);
    const fetchMock = stubApi({
      [ORDER_PATH]: () => jsonResponse(draftOrder(5)),
      '/api/orders/5': () => jsonResponse(buildTesterOrderDetailResponse(5)),
    });
    const { history } = await openReview();

    fireEvent.click(submitButton());

    await waitFor(() => expect(history.location.pathname).toBe('/tester-confirmation'));
    // The tester page says it is free and ships once approved; no toast covers it.
    expect(toast.success).not.toHaveBeenCalled();
    expect(history.location.search).toBe('?orderId=5');
    expect(await screen.findByRole('heading', { name: 'Tester Order Successful!' })).toBeInTheDocument();
    expect(orderCalls(fetchMock)[0]?.body.orderItems).toEqual([
      {
        productId: 41,
        quantity: 1,
        price: 0,
        name: 'Free in-store tester',
        sku: '800-0003',
        imageUrl: null,
        shopifyVariantId: null,
      },
    ]);
    expect(storedCart()).toMatchObject({ items: [], testerAdded: false });
  });

  it("toasts the server's message on failure, keeps the cart and retries with the same key", async () => {
    seedTwoCasesAndTester();
    let fail = true;
    const fetchMock = stubApi({
      [ORDER_PATH]: () =>
        fail ? errorResponse(500, 'The order service failed. Please try again.') : jsonResponse(draftOrder()),
    });
    const { history } = await openReview();

    fireEvent.click(submitButton());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Order Submission Error', {
        description: 'The order service failed. Please try again.',
      }),
    );
    expect(history.location.pathname).toBe('/confirm');
    expect(storedCart()).toMatchObject({ items: [{ productId: 1, quantity: 24 }], testerAdded: true });
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);

    fail = false;
    fireEvent.click(submitButton());
    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    const [first, retry] = orderCalls(fetchMock);
    expect(retry?.key).toBe(first?.key);
  });

  it('reuses the key after a reload of the same cart and makes a new one once the cart changes', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi({ [ORDER_PATH]: () => errorResponse(500, 'Something went wrong') });
    await openReview();
    fireEvent.click(submitButton());
    await waitFor(() => expect(countCalls(fetchMock, ORDER_PATH)).toBe(1));
    await screen.findByRole('button', { name: SUBMIT });

    // A reload: the page and the in-memory cart are gone, the tab's storage stays.
    cleanup();
    cartStore.forget();
    await openReview();
    fireEvent.click(submitButton());
    await waitFor(() => expect(countCalls(fetchMock, ORDER_PATH)).toBe(2));
    await screen.findByRole('button', { name: SUBMIT });

    act(() => {
      setCartItemQuantity(1, 36);
    });
    expect(summaryValue('Cases')).toBe('3');
    fireEvent.click(submitButton());
    await waitFor(() => expect(countCalls(fetchMock, ORDER_PATH)).toBe(3));

    const [first, afterReload, afterChange] = orderCalls(fetchMock);
    expect(afterReload?.key).toBe(first?.key);
    expect(afterChange?.key).not.toBe(first?.key);
    expect(afterChange?.body.orderItems).toMatchObject([{ productId: 1, quantity: 36 }, { productId: 41 }]);
  });

  it('falls back to the default message when the network stays down through every try, all with one key', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi({ [ORDER_PATH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await openReview();

    fireEvent.click(submitButton());

    // Four tries, about 0.7 to 1.4 s of back-off, before the buyer is told.
    await waitFor(
      () =>
        expect(toast.error).toHaveBeenCalledWith('Order Submission Error', {
          description: 'There was a problem submitting your order. Please try again.',
        }),
      { timeout: 5_000 },
    );
    const keys = orderCalls(fetchMock).map((call) => call.key);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends again with the same key through a restart (502, 503, lost connection), showing only Submitting... (issue 29)', async () => {
    seedTwoCasesAndTester();
    const failures = [
      () =>
        new Response('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
      () => errorResponse(503, 'The portal is restarting. Please try again in a few seconds.'),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    const fetchMock = stubApi({
      // The order was made by the try whose answer was lost: the server replays it.
      [ORDER_PATH]: () =>
        failures.shift()?.() ??
        jsonResponse(draftOrder(), { status: 201, headers: { 'Idempotent-Replayed': 'true' } }),
    });
    const { history } = await openReview();

    const button = submitButton() as HTMLButtonElement;
    fireEvent.click(button);
    // Between the tries the buyer sees the usual pending state, nothing else.
    await waitFor(() => expect(countCalls(fetchMock, ORDER_PATH)).toBeGreaterThanOrEqual(2));
    expect(button.textContent).toBe('Submitting...');
    expect(button.disabled).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();

    await waitFor(() => expect(history.location.pathname).toBe('/order-success'), { timeout: 5_000 });
    expect(history.location.search).toBe('?orderNumber=WO-1001&orderId=1');
    expect(toast.error).not.toHaveBeenCalled();
    const calls = orderCalls(fetchMock);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
    expect(new Set(calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
  });

  it("says 'Invalid response from server' when the answer is not JSON", async () => {
    seedTwoCasesAndTester();
    stubApi({ [ORDER_PATH]: () => new Response('Order received', { status: 200 }) });
    const { history } = await openReview();

    fireEvent.click(submitButton());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Order Submission Error', {
        description: 'Invalid response from server',
      }),
    );
    expect(history.location.pathname).toBe('/confirm');
    expect(storedCart()).toMatchObject({ testerAdded: true });
  });

  it('says a first attempt is still running, and lets the buyer try again', async () => {
    seedTwoCasesAndTester();
    stubApi({
      [ORDER_PATH]: () =>
        jsonResponse(
          { code: 'IDEMPOTENCY_IN_PROGRESS', message: 'Request in progress', requestId: 'r1' },
          { status: 409 },
        ),
    });
    await openReview();

    fireEvent.click(submitButton());

    const message = 'Your order is still being submitted. Please wait a moment, then try again.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Order Submission Error', { description: message });
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the buyer to Order History when this cart was already submitted with other details', async () => {
    seedTwoCasesAndTester();
    stubApi({
      [ORDER_PATH]: () =>
        jsonResponse(
          { code: 'IDEMPOTENCY_KEY_REUSED', message: 'Key reused', requestId: 'r1' },
          { status: 422 },
        ),
    });
    await openReview();

    fireEvent.click(submitButton());

    expect(await screen.findByText(/already submitted with different details/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Order History' }).getAttribute('href')).toBe('/orders');
  });

  it("shows the spec's contact messages next to the Edit link and sends nothing", async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi({}, { ...testUser, firstName: null, lastName: null, businessName: null });
    await openReview();

    fireEvent.click(submitButton());

    const contact = screen.getByRole('region', { name: 'Customer Contact' });
    const alert = within(contact).getByRole('alert');
    expect(within(alert).getByText('Full name is required')).toBeInTheDocument();
    expect(within(alert).getByText('Business name is required')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Edit customer contact' })).toBeInTheDocument();
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(0);
  });

  it('rejects an e-mail address that is not valid', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi({}, { ...testUser, email: 'jane-at-shop' });
    await openReview();

    fireEvent.click(submitButton());

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(0);
  });

  it('re-checks the cart rules and sends nothing while one is broken', async () => {
    seedCart([{ productId: 21, quantity: 13 }]);
    const fetchMock = stubApi();
    await openReview();

    expect(
      screen.getByText(
        'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.',
      ),
    ).toBeTruthy();
    fireEvent.click(submitButton());
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(0);
  });

  it('offers Retry when the products fail to load, and says the summary is not available on submit', async () => {
    seedTwoCasesAndTester();
    let failProducts = true;
    const fetchMock = stubApi({
      '/api/products': () => (failProducts ? errorResponse(500, 'down') : jsonResponse(testProducts)),
    });
    renderApp('/confirm');

    expect(await screen.findByText('Failed to fetch products')).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(screen.getByText('Cannot submit order: order summary not available')).toBeInTheDocument();
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(0);

    failProducts = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.queryByText('Cannot submit order: order summary not available')).toBeNull();
  });

  it('shows base prices with a note when the volume tiers cannot be loaded, and still submits', async () => {
    seedTwoCasesAndTester();
    const fetchMock = stubApi({ '/api/pricing-catalog': () => errorResponse(500, 'down') });
    const { history } = await openReview();

    expect(screen.getByText(/Volume discounts could not be loaded/)).toBeInTheDocument();
    expect(summaryValue('Tier Applied')).toBe('None');
    expect(summaryValue('Discounted Total')).toBe('$255.60');
    fireEvent.click(submitButton());
    await waitFor(() => expect(history.location.pathname).toBe('/order-success'));
    expect(countCalls(fetchMock, ORDER_PATH)).toBe(1);
  });

  it('shows a loading state while the products load, with the submit button disabled', async () => {
    seedTwoCasesAndTester();
    stubApi({ '/api/products': () => new Promise<Response>(() => undefined) });
    renderApp('/confirm');

    expect(await screen.findByText('Loading your order…')).toBeInTheDocument();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes back to / when there is no order to review', async () => {
    stubApi();
    const { history } = renderApp('/confirm');

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' }),
    ).toBeInTheDocument();
  });
});
