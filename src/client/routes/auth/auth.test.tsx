// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it } from 'vitest';
import { cartStore, setCartItemQuantity } from '../../lib/cart/cart-store';
import { testConfig } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { renderApp } from '../../test-support/render-app';
import {
  errorResponse,
  jsonResponse,
  requestBody as bodyText,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    ...overrides,
  });
}

function requestBody(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => requestUrl(input) === path);
  return call ? JSON.parse(bodyText(call[1])) : undefined;
}

async function openRegisterTab() {
  renderApp('/auth');
  fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Fills every required registration field, with `changes` over the defaults. */
function fillRegistration(changes: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'First Name': 'Jane',
    'Last Name': 'Doe',
    'Business Name': 'Doe Botanicals',
    Email: 'jane@shop.test',
    Phone: '555-0100',
    'Shipping Address Line 1': '1 Main St',
    City: 'Springfield',
    State: 'IL',
    'ZIP/Postal Code': '62701',
    ...changes,
  };
  for (const [label, value] of Object.entries(values)) fill(label, value);
}

describe('/auth', () => {
  it('shows the Login and Register tabs and the side panel', async () => {
    stubApi();
    renderApp('/auth');

    expect((await screen.findByRole('tab', { name: 'Login' })).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('complementary', { name: 'Why open an account' });
    for (const benefit of ['Volume Discounts', 'Order History', 'One-Click Reordering', 'Secure Checkout']) {
      expect(within(panel).getByText(benefit)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
  });

  it('shows a missing or wrong address under the Email field, focuses it and sends nothing', async () => {
    const fetchMock = stubApi();
    renderApp('/auth');
    const button = await screen.findByRole('button', { name: 'Send Login Link' });
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expectFieldProblem('Email', 'Please enter a valid email address');

    fill('Email', 'jane@');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expectFieldProblem('Email', 'Please enter a valid email address');
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input) === '/api/request-magic-link')).toBe(
      false,
    );
  });

  it("sends a login link: 'Sending Login Link...' while pending, then 'Login link sent'", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      '/api/request-magic-link': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/auth');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' jane@shop.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));

    expect(await screen.findByRole('button', { name: 'Sending Login Link...' })).toBeInTheDocument();
    answer(jsonResponse({ message: 'sent' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Login link sent', {
        description: 'Check your email for a secure login link.',
      }),
    );
    expect(requestBody(fetchMock, '/api/request-magic-link')).toEqual({ email: 'jane@shop.test' });
  });

  it("toasts 'Failed to send login link' with the server's message, or a default", async () => {
    stubApi({ '/api/request-magic-link': () => errorResponse(429, 'Too many requests') });
    renderApp('/auth');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@shop.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to send login link', {
        description: 'Too many requests',
      }),
    );

    stubApi({ '/api/request-magic-link': () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to send login link', {
        description: 'Please try again or contact support',
      }),
    );
  });

  it('shows each missing field its own message, marks it invalid and focuses the first, sending nothing', async () => {
    const fetchMock = stubApi();
    await openRegisterTab();
    fill('First Name', 'Jane');
    fill('Email', 'jane@shop.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last Name')));
    for (const [label, message] of [
      ['Last Name', 'Last Name is required'],
      ['Business Name', 'Business Name is required'],
      ['Phone', 'Phone is required'],
      ['Shipping Address Line 1', 'Shipping Address Line 1 is required'],
      ['City', 'City is required'],
      ['State', 'State is required'],
      ['ZIP/Postal Code', 'ZIP/Postal Code is required'],
    ] as const) {
      expectFieldProblem(label, message);
    }
    expectNoFieldProblem('First Name');
    expectNoFieldProblem('Email');
    // No banner repeating the nine messages.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Missing Required Fields/)).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input) === '/api/register')).toBe(false);
  });

  it('shows an invalid e-mail under the Email field and focuses it', async () => {
    stubApi();
    await openRegisterTab();
    fillRegistration({ Email: 'jane@' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expectFieldProblem('Email', 'Please enter a valid email address');
  });

  it("submits a registration, clears the cart and shows 'Registration Submitted' with the support address", async () => {
    const fetchMock = stubApi({ '/api/register': () => jsonResponse({ message: 'Registration received' }) });
    setCartItemQuantity(1, 12);
    await openRegisterTab();
    expect(screen.getByLabelText<HTMLInputElement>('Country').value).toBe('USA');
    fill('First Name', 'Jane');
    fill('Last Name', 'Doe');
    fill('Business Name', 'Doe Botanicals');
    fill('Email', 'Jane@Shop.test');
    fill('Phone', '555-0100');
    fill('Shipping Address Line 1', '1 Main St');
    fill('City', 'Springfield');
    fill('State', 'IL');
    fill('ZIP/Postal Code', '62701');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Registration Submitted' })).toBeInTheDocument();
    expect(screen.getByText(/within 48 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: testConfig.supportEmail }).getAttribute('href')).toBe(
      `mailto:${testConfig.supportEmail}`,
    );
    expect(toast.success).toHaveBeenCalledWith('Registration submitted', expect.anything());
    expect(cartStore.getSnapshot().items).toEqual([]);
    expect(requestBody(fetchMock, '/api/register')).toMatchObject({
      firstName: 'Jane',
      email: 'Jane@Shop.test',
      shippingCountry: 'USA',
      shippingAddressLine2: '',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows the server's message and toasts 'Registration failed' when the server refuses", async () => {
    stubApi({ '/api/register': () => errorResponse(409, 'Registrations are closed') });
    await openRegisterTab();
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Registrations are closed');
    expect(toast.error).toHaveBeenCalledWith('Registration failed', {
      description: 'Registrations are closed',
    });
  });

  it("puts a refusal's field problems under their fields and focuses the first", async () => {
    stubApi({
      '/api/register': () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'Missing Required Fields: Please provide: Phone, City',
            requestId: 'req-test',
            details: [
              { field: 'shippingCity', message: 'City is required' },
              { field: 'phone', message: 'Phone is required' },
            ],
          },
          { status: 400 },
        ),
    });
    await openRegisterTab();
    fillRegistration({ Phone: '555' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone')));
    expectFieldProblem('Phone', 'Phone is required');
    expectFieldProblem('City', 'City is required');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Registration failed', {
      description: 'Missing Required Fields: Please provide: Phone, City',
    });
  });
});
