// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it } from 'vitest';
import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';
import { SUPPORT_MESSAGES } from '../../../shared/schemas/support';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { buildOrderDetailResponse, buildOrderItem } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

const STAMP = '2031-01-01T00:00:00.000Z';

function faqCategory(id: number, title: string, displayOrder: number): FaqCategory {
  return { id, title, displayOrder, isActive: true, createdAt: STAMP, updatedAt: STAMP };
}

function faqItem(id: number, categoryId: number, question: string, displayOrder = 0): FaqItem {
  return {
    id,
    categoryId,
    question,
    answer: `Answer to: ${question}`,
    displayOrder,
    isActive: true,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

// Sent out of order on purpose: the page sorts by displayOrder. 'Returns' has no items.
const categories = [
  faqCategory(1, 'Shipping', 2),
  faqCategory(2, 'Ordering', 1),
  faqCategory(3, 'Returns', 3),
];
const items = [
  faqItem(10, 1, 'When does my order ship?'),
  faqItem(11, 2, 'What is the minimum order?', 2),
  faqItem(12, 2, 'How do I place an order?', 1),
];

const sent = { success: true, message: 'Support message sent' };

function stubApi(handlers: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    '/api/faq/categories': () => jsonResponse(categories),
    '/api/faq/items': () => jsonResponse(items),
    '/api/support/contact': () => jsonResponse(sent, { status: 201 }),
    ...handlers,
  });
}

/** A response the test releases when it wants to, to see what the page shows meanwhile. */
function deferredResponse() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function sentBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input) === '/api/support/contact')
    .map(([, init]) => JSON.parse(requestBody(init)));
}

const subjectSelect = () => screen.getByLabelText<HTMLSelectElement>('Subject');
const messageBox = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
const priority = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const checkedPriority = () => (['Low', 'Medium', 'High'] as const).filter((name) => priority(name).checked);
const typeMessage = (text: string) => fireEvent.change(messageBox(), { target: { value: text } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

async function openForm(card: 'Order Issues' | 'Shipping Address' | 'Contact Us' | 'Contact Support') {
  // A quick card is named by its title and description; 'Contact Support' by its text alone.
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${card}\\b`) }));
  return screen.getByRole('heading', { level: 2, name: 'Contact Support' });
}

describe('Support page FAQ', () => {
  it('shows the categories by displayOrder, leaves out empty ones, and opens one at a time', async () => {
    stubApi();
    renderApp('/support');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Support' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Ordering' });
    const faq = within(screen.getByRole('region', { name: 'Frequently Asked Questions' }));
    expect(faq.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Ordering',
      'Shipping',
    ]);
    expect(faq.queryByText('Returns')).toBeNull();

    const ordering = faq.getByRole('button', { name: 'Ordering' });
    const shipping = faq.getByRole('button', { name: 'Shipping' });
    expect(ordering.getAttribute('aria-expanded')).toBe('false');
    expect(shipping.getAttribute('aria-expanded')).toBe('false');
    expect(faq.queryByRole('region')).toBeNull();

    fireEvent.click(ordering);
    expect(ordering.getAttribute('aria-expanded')).toBe('true');
    const panel = faq.getByRole('region', { name: 'Ordering' });
    expect(ordering.getAttribute('aria-controls')).toBe(panel.id);
    // Items by displayOrder, each with its answer.
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['How do I place an order?', 'What is the minimum order?']);
    expect(within(panel).getByText('Answer to: How do I place an order?')).toBeInTheDocument();

    fireEvent.click(shipping);
    expect(shipping.getAttribute('aria-expanded')).toBe('true');
    expect(ordering.getAttribute('aria-expanded')).toBe('false');
    expect(faq.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toEqual([
      shipping.id,
    ]);
    expect(faq.getByText('When does my order ship?')).toBeInTheDocument();
    expect(faq.queryByText('How do I place an order?')).toBeNull();

    fireEvent.click(shipping);
    expect(shipping.getAttribute('aria-expanded')).toBe('false');
    expect(faq.queryByRole('region')).toBeNull();
  });

  it("shows 'Loading support content...' until both lists have arrived", async () => {
    const itemsAnswer = deferredResponse();
    stubApi({ '/api/faq/items': () => itemsAnswer.promise });
    renderApp('/support');

    expect(await screen.findByText('Loading support content...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ordering' })).toBeNull();

    itemsAnswer.release(jsonResponse(items));
    expect(await screen.findByRole('button', { name: 'Ordering' })).toBeInTheDocument();
    expect(screen.queryByText('Loading support content...')).toBeNull();
  });

  it("says 'No FAQ content available at this time.' when there is no category with items", async () => {
    stubApi({ '/api/faq/items': () => jsonResponse([]) });
    renderApp('/account/support');

    expect(await screen.findByText('No FAQ content available at this time.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer Support' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the FAQ cannot be loaded, and loads it again', async () => {
    let fail = true;
    const fetchMock = stubApi({
      '/api/faq/categories': () => (fail ? errorResponse(500, 'Database down') : jsonResponse(categories)),
    });
    renderApp('/support');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Support content could not be loaded. Please try again.');
    // The rest of the page still works.
    expect(screen.getByRole('button', { name: 'Contact Support' })).toBeInTheDocument();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: 'Ordering' })).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/faq/categories')).toBe(2);
    // The list that had loaded is not fetched again.
    expect(countCalls(fetchMock, '/api/faq/items')).toBe(1);
  });
});

describe('Support page quick cards and form', () => {
  it('prefills Order Issues with order-issue and high priority, and moves the focus to the form', async () => {
    stubApi();
    renderApp('/support');

    const heading = await openForm('Order Issues');

    expect(document.activeElement).toBe(heading);
    expect(subjectSelect().value).toBe('order-issue');
    expect(subjectSelect().selectedOptions[0]?.textContent).toBe('Order Issue');
    expect(checkedPriority()).toEqual(['High']);
    expect(messageBox().value).toBe('');
    // The cards give way to the form.
    expect(screen.queryByRole('button', { name: /^Shipping Address/ })).toBeNull();
  });

  it('prefills Shipping Address with shipping-question and medium priority', async () => {
    stubApi();
    renderApp('/support');

    await openForm('Shipping Address');

    expect(subjectSelect().value).toBe('shipping-question');
    expect(checkedPriority()).toEqual(['Medium']);
  });

  it.each(['Contact Us', 'Contact Support'] as const)('opens an empty form from %s', async (button) => {
    stubApi();
    renderApp('/support');

    await openForm(button);

    expect(subjectSelect().value).toBe('');
    expect(checkedPriority()).toEqual([]);
  });

  it('lists the eleven subjects and the three priorities with their descriptions', async () => {
    stubApi();
    renderApp('/support');
    await openForm('Contact Us');

    expect([...subjectSelect().options].map((option) => option.textContent)).toEqual([
      'Select a subject',
      'Order Issue',
      'Damaged Items',
      'Missing Items',
      'Wrong Items Received',
      'Billing Issue',
      'Shipping Delay',
      'Product Quality Concern',
      'Account Problem',
      'Product Question',
      'Shipping Question',
      'Other',
    ]);
    expect(screen.getByRole('radio', { name: 'Low', description: 'General question' })).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'Medium', description: 'Response within 2 business days' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'High', description: 'Urgent issue affecting business' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Priority' })).toBeInTheDocument();
  });

  it('Cancel goes back to the cards with the focus on their heading', async () => {
    stubApi();
    renderApp('/support');
    await openForm('Order Issues');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByLabelText('Subject')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'How can we help?' }));
    // A new form starts empty again.
    await openForm('Contact Us');
    expect(subjectSelect().value).toBe('');
  });

  it('counts the message live as x/2000 as the rule does: trimmed, an emoji as one character', async () => {
    stubApi();
    renderApp('/support');
    await openForm('Contact Us');

    expect(screen.getByText('0/2000')).toBeInTheDocument();
    typeMessage('Hello there!');
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    // What surrounds the text is not sent, so it does not count.
    typeMessage('  Hello there!\n\n');
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    typeMessage('   ');
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    typeMessage('Mist 🌿');
    expect(screen.getByText('6/2000')).toBeInTheDocument();
    typeMessage('x'.repeat(2001));
    expect(screen.getByText('2001/2000')).toBeInTheDocument();
    expect(messageBox().getAttribute('aria-describedby')).toContain(screen.getByText('2001/2000').id);
  });

  it('shows each rule under its field on submit, sends nothing, and clears a rule once it is met', async () => {
    const fetchMock = stubApi();
    renderApp('/support');
    await openForm('Contact Us');

    expect(screen.queryByText(SUPPORT_MESSAGES.subjectRequired)).toBeNull();
    submit();

    expect(await screen.findByText('Please select a subject')).toBeInTheDocument();
    expect(screen.getByText('Please select a priority level')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(subjectSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(subjectSelect()).toHaveAccessibleDescription('Please select a subject');
    expect(screen.getByRole('group', { name: 'Priority' })).toHaveAccessibleDescription(
      'Please select a priority level',
    );
    expect(messageBox()).toHaveAccessibleDescription('0/2000 Message must be at least 10 characters');
    await waitFor(() => expect(subjectSelect()).toHaveFocus());

    fireEvent.change(subjectSelect(), { target: { value: 'billing-issue' } });
    await waitFor(() => expect(screen.queryByText('Please select a subject')).toBeNull());
    // The rest keep their messages until they are fixed.
    expect(screen.getByText('Please select a priority level')).toBeInTheDocument();
    // The first wrong field is now the priority: the focus goes to its first choice.
    submit();
    await waitFor(() => expect(priority('Low')).toHaveFocus());
    fireEvent.click(priority('Low'));
    await waitFor(() => expect(screen.queryByText('Please select a priority level')).toBeNull());

    typeMessage('Too short');
    expect(await screen.findByText('Message must be at least 10 characters')).toBeInTheDocument();
    typeMessage('x'.repeat(2001));
    expect(await screen.findByText('Message must be less than 2000 characters')).toBeInTheDocument();
    submit();
    await waitFor(() => expect(messageBox()).toHaveFocus());

    expect(sentBodies(fetchMock)).toEqual([]);
  });

  it('sends the message, confirms it, and Send Another Message returns to an empty form', async () => {
    const fetchMock = stubApi();
    renderApp('/support');
    await openForm('Shipping Address');
    typeMessage('  Please ship order WO-1001 to our second store.  ');

    submit();

    const confirmation = await screen.findByRole('heading', { level: 2, name: 'Message Sent' });
    expect(document.activeElement).toBe(confirmation);
    expect(
      screen.getByText("We've received your message and will respond within 1-2 business days."),
    ).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Message Sent', {
      description: "We've received your message and will respond within 1-2 business days.",
    });
    expect(sentBodies(fetchMock)).toEqual([
      {
        subject: 'shipping-question',
        priority: 'medium',
        message: 'Please ship order WO-1001 to our second store.',
        specificOrderId: null,
      },
    ]);
    const request = fetchMock.mock.calls.find(([input]) => input === '/api/support/contact')?.[1];
    expect(request?.method).toBe('POST');

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));

    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Contact Support' }));
    expect(subjectSelect().value).toBe('');
    expect(checkedPriority()).toEqual([]);
    expect(messageBox().value).toBe('');
  });

  it("shows 'Sending...' on a disabled button while the message is on its way", async () => {
    const answer = deferredResponse();
    const fetchMock = stubApi({ '/api/support/contact': () => answer.promise });
    renderApp('/support');
    await openForm('Order Issues');
    typeMessage('Two bottles arrived broken.');

    submit();

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    // A second submit (Enter in a field) sends nothing more.
    fireEvent.submit(sending.closest('form') as HTMLFormElement);
    expect(sentBodies(fetchMock)).toHaveLength(1);

    answer.release(jsonResponse(sent, { status: 201 }));
    expect(await screen.findByRole('heading', { name: 'Message Sent' })).toBeInTheDocument();
  });

  it('keeps the typed message when sending fails, with the Error toast of the spec', async () => {
    stubApi({ '/api/support/contact': () => errorResponse(500, 'Internal Server Error') });
    renderApp('/support');
    await openForm('Order Issues');
    typeMessage('Two bottles arrived broken.');

    submit();

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to send message. Please try again.',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(messageBox().value).toBe('Two bottles arrived broken.');
    expect(subjectSelect().value).toBe('order-issue');
    expect(checkedPriority()).toEqual(['High']);
    expect(screen.queryByRole('heading', { name: 'Message Sent' })).toBeNull();
  });

  it("puts a refusal's field problem under its field, with the focus there, and keeps the toast", async () => {
    stubApi({
      '/api/support/contact': () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'Message must not contain control characters',
            requestId: 'req-test',
            details: [{ field: 'message', message: 'Message must not contain control characters' }],
          },
          { status: 400 },
        ),
    });
    renderApp('/support');
    await openForm('Order Issues');
    typeMessage('Two bottles arrived broken.');

    submit();

    await waitFor(() => expect(messageBox()).toHaveAttribute('aria-invalid', 'true'));
    expect(messageBox()).toHaveAccessibleDescription(
      `${'Two bottles arrived broken.'.length}/2000 Message must not contain control characters`,
    );
    expect(messageBox()).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Message must not contain control characters',
    });
  });

  it.each([
    [429, SUPPORT_MESSAGES.rateLimited],
    [400, 'Message must be at least 10 characters'],
  ])('shows the server message of a %i in the Error toast', async (status, message) => {
    stubApi({ '/api/support/contact': () => errorResponse(status, message) });
    renderApp('/support');
    await openForm('Order Issues');
    typeMessage('Two bottles arrived broken.');

    submit();

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: message }));
    expect(messageBox().value).toBe('Two bottles arrived broken.');
  });
});

describe('Support page opened from an order (?order={id}&type=order_issue)', () => {
  const orderDetail = buildOrderDetailResponse({
    id: 12,
    orderNumber: 'WO-1012',
    status: 'shipped',
    shopifyOrderId: '#1012',
    createdAt: '2031-04-12T12:00:00.000Z',
    notes: 'Leave at the back door',
  });

  it('opens the form at once with the order subject, high priority and the Order Context card', async () => {
    const answer = deferredResponse();
    const fetchMock = stubApi({ '/api/orders/12': () => answer.promise });
    renderApp('/support?order=12&type=order_issue');

    const heading = await screen.findByRole('heading', { level: 2, name: 'Contact Support' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('button', { name: /^Order Issues/ })).toBeNull();
    // The order's number, at once and never with a Shopify name.
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1012');
    expect(subjectSelect().selectedOptions[0]?.textContent).toBe('Order Issue - Order #WO-1012');
    expect(checkedPriority()).toEqual(['High']);
    expect(screen.getByText('Loading order details...')).toBeInTheDocument();

    answer.release(jsonResponse(orderDetail));

    const card = within(await screen.findByRole('region', { name: 'Order Context' }));
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1012');
    const value = (label: string) =>
      card.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Order ID')).toBe('WO-1012');
    expect(value('Status')).toBe('Shipped');
    expect(value('Order Date')).toBe('Apr 12, 2031');
    expect(card.queryByText('Shopify Order')).toBeNull();
    expect(card.queryByText(/#1012/)).toBeNull();
    expect(value('Customer')).toBe('Jane Doe');
    expect(value('Email')).toBe('jane@shop.test');
    expect(value('Business')).toBe('Doe Botanicals');
    expect(value('Phone')).toBe('555-0100');
    expect(value('Notes')).toBe('Leave at the back door');
    // One line per item, 'name x quantity x price' (issue 7).
    expect(card.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      '4 oz bottle x 24 x $10.65',
      '1 oz bottle x 12 x $4.85',
      'Free in-store tester x 1 x $0.00',
    ]);

    typeMessage('The 1 oz case was missing.');
    submit();

    await screen.findByRole('heading', { name: 'Message Sent' });
    expect(sentBodies(fetchMock)).toEqual([
      {
        subject: 'Order Issue - Order #WO-1012',
        priority: 'high',
        message: 'The 1 oz case was missing.',
        specificOrderId: 12,
      },
    ]);
  });

  it('shows what the order lacks plainly: no phone or notes, a line without a name', async () => {
    const bare = buildOrderDetailResponse({ id: 3, customerPhone: null });
    bare.items = [buildOrderItem({ name: '', productId: 77 })];
    stubApi({ '/api/orders/3': () => jsonResponse(bare) });
    renderApp('/support?order=3&type=order_issue');

    const card = within(await screen.findByRole('region', { name: 'Order Context' }));
    const value = (label: string) =>
      card.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Status')).toBe('Pending');
    expect(value('Phone')).toBe('Not provided');
    expect(value('Notes')).toBe('No notes');
    expect(card.getByRole('listitem').textContent).toBe('Product #77 x 24 x $10.65');
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1003');
  });

  it('keeps a subject the customer picked before the order arrived', async () => {
    const answer = deferredResponse();
    stubApi({ '/api/orders/12': () => answer.promise });
    renderApp('/support?order=12&type=order_issue');
    await screen.findByLabelText('Subject');

    fireEvent.change(subjectSelect(), { target: { value: 'damaged-items' } });
    answer.release(jsonResponse(orderDetail));
    await screen.findByRole('region', { name: 'Order Context' });

    expect(subjectSelect().value).toBe('damaged-items');
    // The order subject stays on offer.
    expect([...subjectSelect().options].map((option) => option.value)).toContain(
      'Order Issue - Order #WO-1012',
    );
  });

  it("shows nothing about someone else's order (404), yet the form opens and sends", async () => {
    const fetchMock = stubApi({ '/api/orders/9': () => errorResponse(404, 'Order not found') });
    renderApp('/support?order=9&type=order_issue');

    expect(await screen.findByLabelText('Subject')).toBeInTheDocument();
    await waitFor(() => expect(countCalls(fetchMock, '/api/orders/9')).toBe(1));
    await waitFor(() => expect(screen.queryByText('Loading order details...')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Order Context' })).toBeNull();
    expect(screen.queryByText(/not found/i)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1009');
    expect(checkedPriority()).toEqual(['High']);

    typeMessage('Where is my order?!');
    submit();
    await screen.findByRole('heading', { name: 'Message Sent' });
    expect(sentBodies(fetchMock)).toEqual([
      {
        subject: 'Order Issue - Order #WO-1009',
        priority: 'high',
        message: 'Where is my order?!',
        specificOrderId: 9,
      },
    ]);
  });

  it('says when the order could not be loaded, with Retry, and the form still sends', async () => {
    let serverUp = false;
    const fetchMock = stubApi({
      '/api/orders/12': () =>
        serverUp ? jsonResponse(orderDetail) : errorResponse(500, 'Service temporarily unavailable'),
    });
    renderApp('/support?order=12&type=order_issue');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The order details could not be loaded.');
    expect(screen.queryByRole('region', { name: 'Order Context' })).toBeNull();
    // The form is not held up: it is filled in and usable.
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1012');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send Message' }).disabled).toBe(false);

    serverUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Order Context' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countCalls(fetchMock, '/api/orders/12')).toBe(2);
    expect(subjectSelect().value).toBe('Order Issue - Order #WO-1012');
  });

  it('ignores an order id that is not a number, and an order without type=order_issue', async () => {
    const fetchMock = stubApi();
    const { unmount } = renderApp('/support?order=abc&type=order_issue');
    expect(await screen.findByRole('button', { name: /^Order Issues/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    unmount();

    renderApp('/support?order=12');
    expect(await screen.findByRole('button', { name: /^Order Issues/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    expect(countCalls(fetchMock, '/api/orders')).toBe(0);
  });

  it('Send Another Message after an order issue starts a form about no order', async () => {
    const fetchMock = stubApi({ '/api/orders/12': () => jsonResponse(orderDetail) });
    renderApp('/support?order=12&type=order_issue');
    await screen.findByRole('region', { name: 'Order Context' });
    typeMessage('The 1 oz case was missing.');
    submit();

    fireEvent.click(await screen.findByRole('button', { name: 'Send Another Message' }));

    expect(screen.queryByRole('region', { name: 'Order Context' })).toBeNull();
    expect(subjectSelect().value).toBe('');
    fireEvent.change(subjectSelect(), { target: { value: 'other' } });
    fireEvent.click(priority('Low'));
    typeMessage('A question about tiers.');
    submit();
    await screen.findByRole('heading', { name: 'Message Sent' });
    expect(sentBodies(fetchMock)[1]).toEqual({
      subject: 'other',
      priority: 'low',
      message: 'A question about tiers.',
      specificOrderId: null,
    });
  });
});

describe('Support quick cards', () => {
  it('are named by all their visible text, title first (label in name)', async () => {
    stubApi();
    renderApp('/support');

    const card = await screen.findByRole('button', { name: /^Order Issues/ });
    expect(card.textContent).toBe('Order IssuesDamaged, missing or wrong items, or a problem with an order.');
    expect(card.getAttribute('aria-labelledby')).toBeNull();
    for (const title of ['Shipping Address', 'Contact Us']) {
      const button = screen.getByRole('button', { name: new RegExp(`^${title} `) });
      expect(button.textContent?.startsWith(title)).toBe(true);
    }
  });
});
