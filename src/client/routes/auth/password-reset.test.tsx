// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_COMPOSITION, PASSWORD_TOO_COMMON } from '../../../shared/passwords';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { testConfig } from '../../test-support/api-fixtures';
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

registerCartTestHooks();
afterEach(() => window.history.replaceState(null, '', '/'));

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    ...overrides,
  });
}

describe('/auth/forgot-password', () => {
  it("requires a valid e-mail: 'Please enter a valid email address'", async () => {
    const fetchMock = stubApi();
    renderApp('/auth/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expectFieldProblem('Email', 'Please enter a valid email address');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(countCalls(fetchMock, '/api/request-password-reset')).toBe(0);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/auth');
  });

  it('shows the neutral success text with the spam hint', async () => {
    const fetchMock = stubApi({ '/api/request-password-reset': () => jsonResponse({ message: 'ok' }) });
    renderApp('/auth/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Jane@Shop.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText(
        'If your email address is registered with us, you will receive password reset instructions shortly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    const [, init] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/request-password-reset') ?? [];
    expect(JSON.parse(requestBody(init))).toEqual({ email: 'jane@shop.test' });
  });

  it('shows the failure text when the request fails', async () => {
    stubApi({ '/api/request-password-reset': () => errorResponse(500, 'Boom') });
    renderApp('/auth/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@shop.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was a problem sending the reset email. Please try again.',
    );
  });
});

describe('/reset-password', () => {
  const TOKEN = 'reset_tok_42';

  function openWithToken() {
    window.history.replaceState(null, '', `/reset-password?token=${TOKEN}`);
    return renderApp(`/reset-password?token=${TOKEN}`);
  }

  function fillPasswords(password: string, confirm: string) {
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it("shows 'Validating your token...', then 'Invalid or Expired Token' with a link to a new one", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      [`/api/validate-reset-token/${TOKEN}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    openWithToken();

    expect(await screen.findByText('Validating your token...')).toBeInTheDocument();
    expect(window.location.href).not.toContain(TOKEN);
    answer(jsonResponse({ valid: false }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid or Expired Token' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    expect(countCalls(fetchMock, '/api/validate-reset-token/')).toBe(1);
  });

  it("treats a missing token as 'Invalid or Expired Token' without asking the server", async () => {
    const fetchMock = stubApi();
    renderApp('/reset-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid or Expired Token' }),
    ).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/validate-reset-token/')).toBe(0);
  });

  it("checks the rules and 'Passwords don't match' before sending anything", async () => {
    const fetchMock = stubApi({
      [`/api/validate-reset-token/${TOKEN}`]: () => jsonResponse({ valid: true }),
    });
    openWithToken();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });

    fillPasswords('short', 'short');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New Password')));
    expectFieldProblem('New Password', 'Password must be at least 8 characters long');
    fillPasswords('alllowercase1', 'alllowercase1');
    await waitFor(() => expectFieldProblem('New Password', PASSWORD_COMPOSITION));
    fillPasswords('Abcdefg1', 'Abcdefg2');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirm New Password')));
    expectFieldProblem('Confirm New Password', "Passwords don't match");
    expectNoFieldProblem('New Password');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countCalls(fetchMock, '/api/reset-password')).toBe(0);
  });

  it('shows the failure text when the reset is refused', async () => {
    stubApi({
      [`/api/validate-reset-token/${TOKEN}`]: () => jsonResponse({ valid: true }),
      '/api/reset-password': () => errorResponse(400, 'Token used'),
    });
    openWithToken();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    fillPasswords('Abcdefg1', 'Abcdefg1');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was a problem resetting your password. Please try again.',
    );
  });

  it("shows the server's message when it refuses the password (too common), the failure text otherwise", async () => {
    let answer = () =>
      jsonResponse(
        { code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON, requestId: 'req-test' },
        { status: 400 },
      );
    stubApi({
      [`/api/validate-reset-token/${TOKEN}`]: () => jsonResponse({ valid: true }),
      '/api/reset-password': () => answer(),
    });
    openWithToken();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    fillPasswords('Password1', 'Password1');

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New Password')));
    expectFieldProblem('New Password', PASSWORD_TOO_COMMON);
    expect(screen.queryByRole('alert')).toBeNull();

    answer = () =>
      jsonResponse(
        { code: 'LINK_INVALID', message: 'This link is invalid or has expired.', requestId: 'req-test' },
        { status: 400 },
      );
    fillPasswords('Orbit-Lantern-47', 'Orbit-Lantern-47');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'There was a problem resetting your password. Please try again.',
      ),
    );
  });

  it("resets the password, shows 'Password Reset Successful' and goes to /auth after 3 s", async () => {
    const fetchMock = stubApi({
      [`/api/validate-reset-token/${TOKEN}`]: () => jsonResponse({ valid: true }),
      '/api/reset-password': () => jsonResponse({ message: 'ok' }),
    });
    const { history } = openWithToken();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fillPasswords('Abcdefg1', 'Abcdefg1');
      // Runs what is due now (the query library's notifications) until the page says so, without moving the
      // clock on as vi.waitFor would: the 3 s count from here.
      const deadline = performance.now() + 5_000;
      while (!screen.queryByText('Password Reset Successful')) {
        if (performance.now() > deadline) throw new Error("'Password Reset Successful' did not show");
        await act(async () => {
          vi.advanceTimersByTime(0);
          await new Promise((resolve) => setImmediate(resolve));
        });
      }

      act(() => {
        vi.advanceTimersByTime(2999);
      });
      expect(history.location.pathname).toBe('/reset-password');
      act(() => {
        vi.advanceTimersByTime(1);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    const [, init] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/reset-password') ?? [];
    expect(JSON.parse(requestBody(init))).toEqual({ token: TOKEN, password: 'Abcdefg1' });
  });
});
