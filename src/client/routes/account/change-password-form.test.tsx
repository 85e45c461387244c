// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

const NO_PASSWORD_YET = 'You have not set a password yet; leave this empty.';

/** Issue 19: setting a first password on My Account updates the form at once, without a reload. */
describe('Change Password on My Account', () => {
  it('says the password is optional; after the first password is set, the form asks for the current one', async () => {
    let sessionCalls = 0;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      // The first answer only: a later session check never answers, so what the page shows after the change
      // comes from the change itself, not from a refetch.
      '/api/session': () =>
        ++sessionCalls === 1
          ? jsonResponse({ user: { ...testUser, hasPassword: false } })
          : new Promise<Response>(() => undefined),
      '/api/change-password': () => jsonResponse({ message: 'Your password has been changed successfully.' }),
    });
    renderApp('/account');

    const form = within(await screen.findByRole('region', { name: 'Change Password' }));
    expect(
      form.getByText(
        'Optional: signing in to the shop uses the e-mailed link and never asks for a password.',
      ),
    ).toBeInTheDocument();
    expect(form.getByText(NO_PASSWORD_YET)).toBeInTheDocument();
    expect(form.queryByRole('link', { name: 'Forgot your current password?' })).toBeNull();

    fireEvent.change(form.getByLabelText('New Password'), { target: { value: 'Fresh-Mist-2026' } });
    fireEvent.change(form.getByLabelText('Confirm New Password'), { target: { value: 'Fresh-Mist-2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Password Changed', {
        description: 'Your password has been changed successfully.',
      }),
    );
    await waitFor(() => expect(form.queryByText(NO_PASSWORD_YET)).toBeNull());
    const forgot = form.getByRole('link', { name: 'Forgot your current password?' });
    expect(forgot.getAttribute('href')).toBe('/auth/forgot-password');
    // The hint describes the Current Password field.
    expect(form.getByLabelText('Current Password').getAttribute('aria-describedby')).toBe(
      forgot.closest('p')?.id,
    );
    const [, init] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/change-password') ?? [];
    expect(JSON.parse(requestBody(init))).toEqual({
      newPassword: 'Fresh-Mist-2026',
      confirmPassword: 'Fresh-Mist-2026',
    });
  });
});
