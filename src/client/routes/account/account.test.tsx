// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';
import { isBillingSameAsShipping, profileFormFromUser } from './account-information-form';
import { changePasswordProblem } from './change-password-form';
import { accountCreditQueryOptions } from '../../features/orders/account-credit';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

const differentBilling: CurrentUser = {
  ...testUser,
  billingAddressLine1: '9 Billing Ave',
  billingCity: 'Chicago',
  billingZip: '60601',
};

function stubApi(user: CurrentUser, overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: user }),
    ...overrides,
  });
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, path: string): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([request]) => requestUrl(request) === path);
  return JSON.parse(requestBody(call?.[1])) as Record<string, unknown>;
}

describe('My Account', () => {
  it("shows the company and role; a buyer sees the company's name and addresses but cannot change them", async () => {
    const buyer: CurrentUser = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'buyer' } };
    const fetchMock = stubApi(buyer, {
      '/api/user/7': () => jsonResponse({ ...buyer, firstName: 'Janet' }),
    });
    renderApp('/account');

    expect(await screen.findByText('Your role at Doe Botanicals: Buyer')).toBeInTheDocument();
    for (const label of ['Business Name', 'Shipping Address Line 1', 'Shipping City', 'Billing City']) {
      expect(input(label).readOnly).toBe(true);
    }
    expect(input('First Name').readOnly).toBe(false);
    expect(input('Business Name')).toHaveAccessibleDescription(
      'Only an owner of Doe Botanicals can change this.',
    );
    expect(screen.getByLabelText('Same as shipping')).toBeDisabled();

    fireEvent.change(input('First Name'), { target: { value: 'Janet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(countCalls(fetchMock, '/api/user/7')).toBe(1));
    // The company's fields go back as they were, which the server accepts from anyone.
    expect(bodyOf(fetchMock, '/api/user/7')).toMatchObject({
      firstName: 'Janet',
      businessName: 'Doe Botanicals',
      shippingAddressLine1: '1 Main St',
    });
  });

  it('lets an owner change the business name and addresses', async () => {
    stubApi(testUser);
    renderApp('/account');
    expect(await screen.findByText('Your role at Doe Botanicals: Owner')).toBeInTheDocument();
    expect(input('Business Name').readOnly).toBe(false);
    expect(input('Shipping Address Line 1').readOnly).toBe(false);
  });

  it('shows the header, View Orders, Sign Out and the profile in the form', async () => {
    stubApi(testUser);
    renderApp('/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(input('First Name').value).toBe('Jane');
    expect(input('Business Name').value).toBe('Doe Botanicals');
    expect(input('Shipping Address Line 1').value).toBe('1 Main St');
    expect(input('Email').readOnly).toBe(true);
  });

  it("ticks 'Same as shipping' only when billing line 1, city, state and zip equal shipping's", () => {
    expect(isBillingSameAsShipping(profileFormFromUser(testUser))).toBe(true);
    expect(isBillingSameAsShipping(profileFormFromUser(differentBilling))).toBe(false);
    // Line 2 and country are not part of the rule.
    expect(
      isBillingSameAsShipping(
        profileFormFromUser({ ...testUser, billingAddressLine2: 'Suite 4', billingCountry: 'Canada' }),
      ),
    ).toBe(true);
  });

  it("shows 'Same as shipping' by that rule, and ticking it copies every shipping field to billing", async () => {
    stubApi(differentBilling);
    renderApp('/account');
    const same = await screen.findByLabelText<HTMLInputElement>('Same as shipping');

    expect(same.checked).toBe(false);
    expect(input('Billing Address Line 1').value).toBe('9 Billing Ave');

    fireEvent.change(input('Shipping Address Line 2'), { target: { value: 'Suite 4' } });
    fireEvent.click(same);

    expect(same.checked).toBe(true);
    expect(input('Billing Address Line 1').value).toBe('1 Main St');
    expect(input('Billing Address Line 2').value).toBe('Suite 4');
    expect(input('Billing City').value).toBe('Springfield');
    expect(input('Billing ZIP/Postal Code').value).toBe('62701');

    // While ticked, billing is read-only and follows every shipping edit; unticked, it stays as it is.
    expect(input('Billing City')).toHaveAttribute('readonly');
    fireEvent.change(input('Shipping City'), { target: { value: 'Peoria' } });
    expect(input('Billing City').value).toBe('Peoria');
    fireEvent.click(same);
    expect(input('Billing City')).not.toHaveAttribute('readonly');
    fireEvent.change(input('Shipping City'), { target: { value: 'Chicago' } });
    expect(input('Billing City').value).toBe('Peoria');
  });

  it("saves with PATCH /api/user/{id}, updates the cached user and toasts 'Account Updated'", async () => {
    const updated: CurrentUser = { ...testUser, firstName: 'Janet' };
    const fetchMock = stubApi(testUser, { '/api/user/7': () => jsonResponse(updated) });
    renderApp('/account');
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: ' Janet ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Account Updated', {
        description: 'Your account information has been updated successfully.',
      }),
    );
    const [, init] = fetchMock.mock.calls.find(([request]) => requestUrl(request) === '/api/user/7') ?? [];
    expect(init?.method).toBe('PATCH');
    const body = bodyOf(fetchMock, '/api/user/7');
    expect(body).toMatchObject({
      firstName: 'Janet',
      billingAddressLine1: '1 Main St',
      shippingZip: '62701',
    });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('role');
    // The header shows the reply at once, without asking for the session again.
    expect(await screen.findByRole('button', { name: 'Account menu for Janet Doe' })).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/session')).toBe(1);
  });

  it("toasts 'Update Failed' with the server's message", async () => {
    stubApi(testUser, { '/api/user/7': () => errorResponse(400, 'Phone is too long') });
    renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', { description: 'Phone is too long' }),
    );
  });
});

const creditOf = (limit: string, openBalance: string, available: string, usedPercent: number) => ({
  credit: { limit, openBalance, available, usedPercent },
});

describe('Credit available', () => {
  it("shows the company's credit available, limit and open balance in a small card", async () => {
    stubApi(testUser, {
      '/api/account/credit': () => jsonResponse(creditOf('1000.00', '250.00', '750.00', 25)),
    });
    renderApp('/account');

    const card = within(await screen.findByRole('region', { name: 'Credit' }));
    expect(card.getByText(/^Credit available:/).textContent).toBe(
      'Credit available: $750.00 of $1,000.00 limit',
    );
    expect(card.getByText(/^Open balance:/).textContent).toContain('Open balance: $250.00');
    // Last on the page: its arrival moves nothing above it.
    expect(
      screen
        .getByRole('region', { name: 'Reorder reminders' })
        .compareDocumentPosition(card.getByText(/^Credit available:/)),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it.each([
    ['no limit is set', () => jsonResponse({ credit: null })],
    ['the credit cannot be loaded', () => errorResponse(500, 'Internal error')],
  ])('shows no credit when %s, and the rest of the page as usual', async (_case, answer) => {
    const fetchMock = stubApi(testUser, { '/api/account/credit': answer });
    const { queryClient } = renderApp('/account');

    expect(await screen.findByLabelText('First Name')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(accountCreditQueryOptions.queryKey)?.status).not.toBe('pending'),
    );
    expect(countCalls(fetchMock, '/api/account/credit')).toBe(1);
    expect(screen.queryByRole('region', { name: 'Credit' })).toBeNull();
    expect(screen.queryByText(/Credit available/)).toBeNull();
  });

  it('asks nothing about credit for a person of no company', async () => {
    const fetchMock = stubApi({ ...testUser, company: null });
    renderApp('/account');

    expect(await screen.findByLabelText('First Name')).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/account/credit')).toBe(0);
    // Reminders are about a company's orders: no setting either.
    expect(screen.queryByRole('region', { name: 'Reorder reminders' })).toBeNull();
  });
});

describe('Reorder reminders', () => {
  const LABEL = 'E-mail me when it is time to reorder';

  it('reflects the setting and saves a change with PUT, a toast and a fresh session', async () => {
    let enabled = true;
    const fetchMock = stubApi(testUser, {
      '/api/session': () => jsonResponse({ user: { ...testUser, reorderReminderEmails: enabled } }),
      '/api/account/reorder-reminders': ({ init }) => {
        enabled = (JSON.parse(requestBody(init)) as { enabled: boolean }).enabled;
        return jsonResponse({ message: 'Reorder reminder setting saved', enabled });
      },
    });
    renderApp('/account');

    const section = within(await screen.findByRole('region', { name: 'Reorder reminders' }));
    const box = section.getByLabelText<HTMLInputElement>(LABEL);
    expect(box.checked).toBe(true);

    fireEvent.click(box);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reorder reminder setting saved'));
    const [, init] =
      fetchMock.mock.calls.find(([request]) => requestUrl(request) === '/api/account/reorder-reminders') ??
      [];
    expect(init?.method).toBe('PUT');
    expect(bodyOf(fetchMock, '/api/account/reorder-reminders')).toEqual({ enabled: false });
    expect(box.checked).toBe(false);
    // The current user is asked for again, so every page reads the saved setting.
    await waitFor(() => expect(countCalls(fetchMock, '/api/session')).toBe(2));
    expect(section.getByLabelText<HTMLInputElement>(LABEL).checked).toBe(false);
  });

  it('offers no setting to a viewer, who never gets a reminder', async () => {
    stubApi({ ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' } });
    renderApp('/account');

    expect(await screen.findByLabelText('First Name')).toBeInTheDocument();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
  });

  it('shows the box unticked for a person who turned them off, and puts it back when saving fails', async () => {
    const fetchMock = stubApi(
      { ...testUser, reorderReminderEmails: false },
      { '/api/account/reorder-reminders': () => errorResponse(503, 'Please try again in a moment') },
    );
    renderApp('/account');

    const box = await screen.findByLabelText<HTMLInputElement>(LABEL);
    expect(box.checked).toBe(false);
    fireEvent.click(box);

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Please try again in a moment' }),
    );
    expect(bodyOf(fetchMock, '/api/account/reorder-reminders')).toEqual({ enabled: true });
    expect(box.checked).toBe(false);
    expect(box).not.toBeDisabled();
  });
});

describe('Change Password', () => {
  it('checks mismatch first, then the password rules of docs/accounts-and-roles.md#passwords', () => {
    expect(changePasswordProblem('Abcdefg1', 'Abcdefg2')).toBe(
      "Passwords Don't Match: New password and confirmation password must match",
    );
    expect(changePasswordProblem('Ab1', 'Ab1')).toBe(
      'Password Too Short: Password must be at least 8 characters long',
    );
    expect(changePasswordProblem('abcdefgh1', 'abcdefgh1')).toMatch(/one uppercase letter/);
    expect(changePasswordProblem('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  async function submitPasswords(newPassword: string, confirmPassword: string) {
    const form = within(await screen.findByRole('region', { name: 'Change Password' }));
    fireEvent.change(form.getByLabelText('Current Password'), { target: { value: 'OldPass1' } });
    fireEvent.change(form.getByLabelText('New Password'), { target: { value: newPassword } });
    fireEvent.change(form.getByLabelText('Confirm New Password'), { target: { value: confirmPassword } });
    fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
    return form;
  }

  it("refuses a short password with 'Password Too Short' and sends nothing", async () => {
    const fetchMock = stubApi(testUser);
    renderApp('/account');
    const form = await submitPasswords('Ab1', 'Ab1');

    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('New Password')));
    expectFieldProblem('New Password', 'Password Too Short: Password must be at least 8 characters long');
    expect(form.queryByRole('alert')).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Password Too Short', {
      description: 'Password must be at least 8 characters long',
    });
    expect(countCalls(fetchMock, '/api/change-password')).toBe(0);
  });

  it("refuses a mismatch with 'Passwords Don't Match'", async () => {
    stubApi(testUser);
    renderApp('/account');
    const form = await submitPasswords('Abcdefg1', 'Abcdefg9');

    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Confirm New Password')));
    expectFieldProblem(
      'Confirm New Password',
      "Passwords Don't Match: New password and confirmation password must match",
    );
    expectNoFieldProblem('New Password');
  });

  it("changes the password and toasts 'Password Changed', or 'Password Change Failed'", async () => {
    let fail = false;
    const fetchMock = stubApi(testUser, {
      '/api/change-password': () =>
        fail ? errorResponse(400, 'Current password is incorrect') : jsonResponse({ message: 'ok' }),
    });
    renderApp('/account');
    const form = await submitPasswords('Abcdefg1', 'Abcdefg1');

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Password Changed', {
        description: 'Your password has been changed successfully.',
      }),
    );
    expect(bodyOf(fetchMock, '/api/change-password')).toEqual({
      currentPassword: 'OldPass1',
      newPassword: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    // The form empties once the password has changed.
    expect(form.getByLabelText('Current Password')).toHaveValue('');
    expect(form.getByLabelText('New Password')).toHaveValue('');
    expect(form.queryByRole('alert')).toBeNull();

    fail = true;
    await submitPasswords('Abcdefg1', 'Abcdefg1');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Password Change Failed', {
        description: 'Current password is incorrect',
      }),
    );
  });
});
