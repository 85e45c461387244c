// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TotpStatus } from '../../../shared/schemas/admin-session';
import { SecuritySection } from '../../routes/admin/sections/security-section';
import { toast } from '../../lib/toast';
import { expectFieldProblem } from '../../test-support/field-problem';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestBody, stubFetch } from '../../test-support/stub-fetch';

/** The Security section's 'Two-factor authentication' panel (docs/admin.md#security). */

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const off: TotpStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on: TotpStatus = {
  enabled: true,
  enabledAt: '2031-03-04T15:30:00.000Z',
  recoveryCodesLeft: 10,
  required: false,
};
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Shop:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = Array.from({ length: 10 }, (_, index) => `k3vq-7mzp-d2xa-w4h${'abcdefghij'[index]}`);

type Handlers = Parameters<typeof stubFetch>[0];

/** The API with a status that the handlers can change; every POST is recorded with its body. */
function stubSecurityApi(initial: TotpStatus, handlers: Handlers = {}) {
  const state = { status: initial };
  const posts: Array<{ path: string; body: unknown }> = [];
  const recorded: Handlers = {};
  for (const [path, handler] of Object.entries(handlers)) {
    recorded[path] = (request) => {
      const raw = request.init?.body;
      posts.push({ path, body: raw === undefined ? undefined : JSON.parse(requestBody(request.init)) });
      return handler(request);
    };
  }
  stubFetch({ '/api/admin/security/totp': () => jsonResponse(state.status), ...recorded });
  return { state, posts };
}

describe('Two-factor authentication panel', () => {
  it('sets the second factor up: QR code and key, a first code, then the recovery codes once', async () => {
    const api = stubSecurityApi(off, {
      '/api/admin/security/totp/setup': () => jsonResponse(setup),
      '/api/admin/security/totp/confirm': () => {
        api.state.status = { ...on, enabledAt: new Date().toISOString() };
        return jsonResponse({ recoveryCodes: codes });
      },
    });
    renderWithProviders(<SecuritySection />);

    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Sign-in asks only for your password\. Turn on two-factor authentication/),
    ).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    // The password first: the QR code is not shown before it.
    const password = await screen.findByLabelText('Current password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    fireEvent.change(password, { target: { value: 'Admin-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', setup.qrCodeDataUrl);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP').tagName).toBe('CODE');
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    // Only an app code confirms a set-up: no recovery code switch here.
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));

    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText(/Recovery codes left: 10 of 10/)).toBeInTheDocument();
    // Shown once: the codes are gone from the page.
    expect(screen.queryByText(codes[0]!)).toBeNull();
    expect(api.posts).toEqual([
      { path: '/api/admin/security/totp/setup', body: { currentPassword: 'Admin-Pass-1' } },
      { path: '/api/admin/security/totp/confirm', body: { code: '123456' } },
    ]);
  });

  it('asks for the password before the QR code: a wrong one is said under the field, not in a notice', async () => {
    const api = stubSecurityApi(off, {
      '/api/admin/security/totp/setup': (request) => {
        const { currentPassword } = JSON.parse(requestBody(request.init)) as { currentPassword: string };
        return currentPassword === 'Admin-Pass-1'
          ? jsonResponse(setup)
          : errorResponse(422, 'Current password is incorrect');
      },
    });
    renderWithProviders(<SecuritySection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    const password = await screen.findByLabelText<HTMLInputElement>('Current password');

    // Empty: said at once, nothing sent.
    fireEvent.submit(password.form!);
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.submit(password.form!);
    const error = await screen.findByText('Current password is incorrect');
    const field = screen.getByLabelText<HTMLInputElement>('Current password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field.value).toBe('');
    expect(field).toHaveFocus();
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

    fireEvent.change(field, { target: { value: 'Admin-Pass-1' } });
    fireEvent.submit(field.form!);
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(api.posts.map((post) => post.body)).toEqual([
      { currentPassword: 'not-it' },
      { currentPassword: 'Admin-Pass-1' },
    ]);

    // Cancel goes back to the start; so does Cancel on the password form.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('keeps the set-up open after a wrong code: cleared, the refusal under the field, which has the focus', async () => {
    stubSecurityApi(off, {
      '/api/admin/security/totp/setup': () => jsonResponse(setup),
      '/api/admin/security/totp/confirm': () => errorResponse(422, 'Invalid authentication code'),
    });
    renderWithProviders(<SecuritySection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'Admin-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Authentication code');
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expectFieldProblem('Authentication code', 'Invalid authentication code'));
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Authentication code').value).toBe('');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });

  it('says when the portal requires the second factor', async () => {
    stubSecurityApi({ ...off, required: true });
    renderWithProviders(<SecuritySection />);
    expect(
      await screen.findByText(
        'This portal requires two-factor authentication: without it, your next sign-in asks you to set it up.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no Turn off while the portal requires the second factor', async () => {
    stubSecurityApi({ ...on, required: true });
    renderWithProviders(<SecuritySection />);
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('turns it off only with a fresh code, an app code or a recovery code', async () => {
    const api = stubSecurityApi(on, {
      '/api/admin/security/totp/disable': (request) => {
        const { code } = JSON.parse(requestBody(request.init)) as { code: string };
        if (code !== 'abcd-efgh-ijkl-mnop') return errorResponse(422, 'Invalid authentication code');
        api.state.status = off;
        return jsonResponse({ message: 'Two-factor authentication is off.' });
      },
    });
    renderWithProviders(<SecuritySection />);
    expect(await screen.findByText(/On since Mar 4, 2031/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('Authentication code');
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expectFieldProblem('Authentication code', 'Invalid authentication code'));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Authentication code'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Authentication code').value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    fireEvent.change(recovery, { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'Two-factor authentication is off.',
      }),
    );
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.posts.map((post) => post.body)).toEqual([{ code: '111111' }, { code: 'abcd-efgh-ijkl-mnop' }]);
  });

  it('makes new recovery codes after a fresh code and shows them once; few codes left is pointed out', async () => {
    stubSecurityApi(
      { ...on, recoveryCodesLeft: 2 },
      { '/api/admin/security/totp/recovery-codes': () => jsonResponse({ recoveryCodes: codes }) },
    );
    renderWithProviders(<SecuritySection />);
    expect(
      await screen.findByText('Recovery codes left: 2 of 10. Make new ones before you run out.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    fireEvent.change(within(dialog).getByLabelText('Authentication code'), { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByText(codes[9]!)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
