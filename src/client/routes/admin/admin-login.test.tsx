// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { expectFieldProblem } from '../../test-support/field-problem';
import { renderApp } from '../../test-support/render-app';
import {
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

// The sections are other screens with their own tests; here they only show which one is open.
vi.mock('./sections/insights-section', () => ({ InsightsSection: () => 'Insights section' }));
vi.mock('./sections/products-section', () => ({ ProductsSection: () => 'Products section' }));
vi.mock('./sections/variants-section', () => ({ VariantsSection: () => 'Variants section' }));
vi.mock('./sections/pricing-section', () => ({ PricingSection: () => 'Pricing section' }));
vi.mock('./sections/orders-section', () => ({ OrdersSection: () => 'Orders section' }));
vi.mock('./sections/pending-users-section', () => ({ PendingUsersSection: () => 'Pending Users section' }));
vi.mock('./sections/users-section', () => ({ UsersSection: () => 'Users section' }));
vi.mock('./sections/faq-section', () => ({ FaqSection: () => 'FAQ section' }));

registerCartTestHooks();

const testAdmin: CurrentUser = {
  ...testUser,
  id: 1,
  username: 'admin',
  email: 'admin@dewdrop.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: null,
  role: 'admin',
};

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    ...overrides,
  });
}

function loginCalls(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/admin/login');
}

async function fillIn(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('/admin/login', () => {
  it("shows 'Admin Portal', username and password, 'Log in' and 'Authorized access only'", async () => {
    stubApi();
    renderApp('/admin/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Authorized access only')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Admin Portal | ${testConfig.storeName}`));
  });

  it("shows 'Username is required' and 'Password is required' and sends nothing", async () => {
    const fetchMock = stubApi();
    renderApp('/admin/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(username).toHaveFocus();

    // Typing in a field clears its message; blank space is no username.
    await fillIn('   ', 'secret');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it("toasts 'Login failed' with the server's message, clears the password and keeps the username", async () => {
    const fetchMock = stubApi({
      '/api/admin/login': () => errorResponse(401, 'Invalid username or password'),
    });
    renderApp('/admin/login');
    await fillIn('admin', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login failed', {
        description: 'Invalid username or password',
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('admin');
    expect(loginCalls(fetchMock)).toHaveLength(1);
  });

  it("toasts 'Login failed' / 'Admin login failed' when there is no server message", async () => {
    stubApi({ '/api/admin/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/admin/login');
    await fillIn('admin', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login failed', { description: 'Admin login failed' }),
    );
  });

  it("disables 'Log in' while signing in, then toasts 'Welcome back, {name}' and opens the dashboard", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      '/api/admin/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { history } = renderApp('/admin/login');
    await fillIn('  admin  ', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in' }).disabled).toBe(true),
    );
    // A second press while the first is under way sends nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    answer(jsonResponse(testAdmin));

    await waitFor(() => expect(history.location.pathname).toBe('/admin'));
    expect(toast.success).toHaveBeenCalledWith('Welcome back, Ada');
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(screen.getByText('admin@dewdrop.test')).toBeInTheDocument();
    const calls = loginCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(requestBody(calls[0]?.[1]))).toEqual({ username: 'admin', password: 'Secret123' });
  });

  it('greets an administrator without a first name by username', async () => {
    stubApi({ '/api/admin/login': () => jsonResponse({ ...testAdmin, firstName: null }) });
    renderApp('/admin/login');
    await fillIn('admin', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Welcome back, admin'));
  });

  it('sends an administrator who is already signed in to /admin', async () => {
    stubApi({ '/api/session': () => jsonResponse({ user: testAdmin }) });
    const { history } = renderApp('/admin/login');

    await waitFor(() => expect(history.location.pathname).toBe('/admin'));
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
  });

  it('sends an administrator already signed in on to the dashboard address kept by the redirect', async () => {
    stubApi({ '/api/session': () => jsonResponse({ user: testAdmin }) });
    const { history } = renderApp('/admin/login', { state: { from: '/admin?section=orders' } });

    expect(await screen.findByText('Orders section')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin');
    expect(history.location.search).toBe('?section=orders');
  });

  it.each([
    ['another host', 'https://evil.test/admin?section=orders'],
    ['a page outside the dashboard', '/orders?section=orders'],
    ['the login page itself', '/admin/login?section=orders'],
  ])('opens plain /admin after signing in when the kept address is %s', async (_case, from) => {
    stubApi({ '/api/admin/login': () => jsonResponse(testAdmin) });
    const { history } = renderApp('/admin/login', { state: { from } });
    await fillIn('admin', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin');
    // Plain /admin, which names the section it shows (the remembered one, Insights here): not `orders`.
    expect(history.location.search).toBe('?section=insights');
  });

  it('shows the form to a signed-in customer, who may sign in as an administrator', async () => {
    stubApi({ '/api/session': () => jsonResponse({ user: testUser }) });
    const { history } = renderApp('/admin/login');

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/login');
  });
});

describe('/admin/login with a second factor (docs/admin.md#admin-access)', () => {
  const secondStep = (mustEnrol: boolean) => () => jsonResponse({ totpRequired: true, mustEnrol });

  async function passPassword() {
    await fillIn('admin', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('asks for the code in a field browsers and phones fill from a one-time code, then signs in', async () => {
    const fetchMock = stubApi({
      '/api/admin/login': secondStep(false),
      '/api/admin/login/code': () => jsonResponse(testAdmin),
    });
    const { history } = renderApp('/admin/login');
    await passPassword();

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(field).toHaveFocus());
    expect(toast.success).not.toHaveBeenCalled();

    // Nothing typed: the field says what it needs, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(history.location.pathname).toBe('/admin'));
    expect(toast.success).toHaveBeenCalledWith('Welcome back, Ada');
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/admin/login/code');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(requestBody(calls[0]?.[1]))).toEqual({ code: '123 456' });
  });

  it('says a wrong code under the field, clears it, focuses it and stays on the code step', async () => {
    stubApi({
      '/api/admin/login': secondStep(false),
      '/api/admin/login/code': () => errorResponse(401, 'Invalid authentication code'),
    });
    renderApp('/admin/login');
    await passPassword();
    const field = await screen.findByLabelText<HTMLInputElement>('Authentication code');
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expectFieldProblem('Authentication code', 'Invalid authentication code'));
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Authentication code').value).toBe('');
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  });

  it('takes a recovery code in a text field instead, and goes back to the password when the sign-in expired', async () => {
    const fetchMock = stubApi({
      '/api/admin/login': secondStep(false),
      '/api/admin/login/code': () =>
        jsonResponse(
          { code: 'GONE', message: 'Your sign-in has expired. Please sign in again.', requestId: 'r' },
          { status: 410 },
        ),
    });
    renderApp('/admin/login');
    await passPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(field).toHaveAttribute('autocomplete', 'off');
    fireEvent.change(field, { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login failed', {
        description: 'Your sign-in has expired. Please sign in again.',
      }),
    );
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/admin/login/code');
    expect(JSON.parse(requestBody(calls[0]?.[1]))).toEqual({ code: 'abcd-efgh-ijkl-mnop' });
  });

  it('makes an administrator without a second factor set one up, shows the recovery codes once, then opens the dashboard', async () => {
    const codes = Array.from(
      { length: 10 },
      (_, index) => `aaaa-bbbb-cccc-dd${String(index).padStart(2, '2')}`,
    );
    const fetchMock = stubApi({
      '/api/admin/login': secondStep(true),
      '/api/admin/login/enrolment': () =>
        jsonResponse({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Shop:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      '/api/admin/login/enrolment/confirm': () => jsonResponse({ user: testAdmin, recoveryCodes: codes }),
    });
    const { history } = renderApp('/admin/login');
    await passPassword();

    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // Signed in only once the codes are put away: the page stays.
    expect(history.location.pathname).toBe('/admin/login');
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes, continue' }));
    await waitFor(() => expect(history.location.pathname).toBe('/admin'));
    expect(toast.success).toHaveBeenCalledWith('Welcome back, Ada');
    const confirm = fetchMock.mock.calls.filter(
      ([input]) => requestUrl(input) === '/api/admin/login/enrolment/confirm',
    );
    expect(JSON.parse(requestBody(confirm[0]?.[1]))).toEqual({ code: '654321' });
  });
});
