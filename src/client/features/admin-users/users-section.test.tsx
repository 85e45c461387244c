// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_USERS_QUERY } from './use-compact-layout';
import { UsersSection } from '../../routes/admin/sections/users-section';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { renderWithProviders } from '../../test-support/render-app';
import { jsonResponse } from '../../test-support/stub-fetch';
import {
  buildAdminUser,
  errorResponse,
  networkFailure,
  never,
  stubUsersApi,
  testAdmin,
  type Handlers,
} from './users-test-support';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  useViewport(false);
});

/** A wide screen, or a phone (where the compact-layout query matches). */
function useViewport(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { matches: phone && query === COMPACT_USERS_QUERY, media: query });
  });
}
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const jane = buildAdminUser();
const admin = buildAdminUser({
  id: testAdmin.id,
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  businessName: null,
  role: 'admin',
  createdAt: '2031-01-01T08:00:00.000Z',
});
const pending = buildAdminUser({
  id: 9,
  paymentTerms: 'net30',
  username: 'pat@pending.test',
  email: 'pat@pending.test',
  firstName: 'Pat',
  lastName: 'Pending',
  businessName: 'Pending Goods',
  status: 'pending',
  approvedAt: null,
  // Signs in by e-mailed link: no password to reset.
  hasPassword: false,
});

function stubUsers(overrides: Handlers = {}) {
  return stubUsersApi({
    '/api/admin/users': () => jsonResponse([jane, pending, admin]),
    '/api/session': () => jsonResponse({ user: testAdmin }),
    ...overrides,
  });
}

async function renderSection() {
  renderWithProviders(<UsersSection />);
  await screen.findByText('Jane Doe');
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('UsersSection', () => {
  it('shows the heading, the description and every user with role, status and creation date', async () => {
    stubUsers();
    await renderSection();

    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage wholesale customers and admin users.')).toBeInTheDocument();
    // The signed-in administrator's row is marked once the session is known (its reply check loads on demand).
    await screen.findByText('(you)');
    const rows = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row');
    const cells = rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells[0]).toEqual(['User', 'Business', 'Role', 'Status', 'Created', 'Actions']);
    // The name and the e-mail once: a customer's username is their e-mail, so no '@jane@shop.test' as well.
    expect(cells[1]).toEqual([
      'Jane Doejane@shop.test',
      // The company, and her role in it.
      'Doe BotanicalsOwner',
      'CustomerTerms: Pay on approval',
      'Approved',
      format(new Date(jane.createdAt), 'MMM d, yyyy h:mm a'),
      'Reset PasswordChange RolePayment Terms',
    ]);
    expect(cells[2]?.[0]).toBe('Pat Pendingpat@pending.testSigns in by e-mailed link');
    expect(cells[2]?.slice(2, 4)).toEqual(['CustomerTerms: Net 30', 'Pending']);
    // A username of its own is named as such; an administrator has no payment terms to change.
    expect(cells[3]?.slice(0, 3)).toEqual(['Ada Admin (you)admin@example.comUsername: admin', '—', 'Admin']);
    expect(cells[3]?.[5]).toBe('Reset PasswordChange Role');
  });

  it('shows each user as a card on a phone, with the same actions', async () => {
    useViewport(true);
    stubUsers();
    renderWithProviders(<UsersSection />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]?.textContent).toContain('Emailjane@shop.test');
    // The e-mail once on a card too, and no '@' before a name.
    expect(cards[0]?.textContent?.split('jane@shop.test')).toHaveLength(2);
    expect(cards[0]?.textContent).not.toContain('@jane');
    expect(cards[2]?.textContent).toContain('Username: admin');
    expect(
      within(cards[0]!).getByRole('button', { name: 'Reset Password for Jane Doe' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['on a phone (390 px: cards)', true],
    ['on a desktop (the table)', false],
  ])('breaks a long e-mail only before its @, never inside a word, %s', async (_layout, phone) => {
    const long = buildAdminUser({
      id: 12,
      username: 'purchasing.department.west@very-long-business-name.example.com',
      email: 'purchasing.department.west@very-long-business-name.example.com',
      firstName: 'Lee',
      lastName: 'Long',
    });
    useViewport(phone);
    stubUsers({ '/api/admin/users': () => jsonResponse([long, admin]) });
    renderWithProviders(<UsersSection />);
    const address = await screen.findByTitle(long.email);
    expect(screen.queryByRole('table', { name: 'Users' }) === null).toBe(phone);
    expect(address.textContent).toBe(long.email);
    const parts = [...address.querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual([
      'purchasing.department.west',
      '@very-long-business-name.example.com',
    ]);
    // Each part is cut with an ellipsis when too wide; nothing lets the browser break inside it.
    for (const part of parts) expect(part.className).toContain('truncate');
    expect(address.closest('td, dd')?.className ?? '').not.toMatch(/break-all|break-words|anywhere/);
    expect(address.querySelector('wbr')).not.toBeNull();
    expect(screen.getByTitle('admin@example.com').textContent).toBe('admin@example.com');
  });

  it("offers a customer who signs in by link 'Send password setup link' instead of Reset Password", async () => {
    const { calls } = stubUsers({
      '/api/admin/users/9/password-setup-link': () => jsonResponse({ message: 'Password setup link sent' }),
    });
    await renderSection();
    const row = within(rowOf('Pat Pending'));
    expect(row.queryByRole('button', { name: /Reset Password/ })).toBeNull();
    expect(row.getByText('Signs in by e-mailed link')).toBeInTheDocument();
    // A customer with a password, and an administrator, keep Reset Password.
    expect(
      within(rowOf('Jane Doe')).getByRole('button', { name: 'Reset Password for Jane Doe' }),
    ).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: 'Send password setup link to Pat Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send password setup link' });
    expect(dialog.textContent).toContain('pat@pending.test is e-mailed a link to choose one');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Password setup link sent' }),
    );
    expect(calls).toEqual([
      { path: '/api/admin/users/9/password-setup-link', method: 'POST', body: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not offer an administrator a change of their own role', async () => {
    stubUsers();
    await renderSection();
    await waitFor(() =>
      expect(
        within(rowOf('Ada Admin'))
          .getByRole('button', { name: 'Change Role of Ada Admin' })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(
      within(rowOf('Jane Doe'))
        .getByRole('button', { name: 'Change Role of Jane Doe' })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it("shows 'Loading users...', then an error block with Retry", async () => {
    let answer: () => Response | Promise<Response> = never;
    stubUsers({ '/api/admin/users': () => answer() });
    renderWithProviders(<UsersSection />);
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    cleanup();

    answer = () => errorResponse(500, 'Database unavailable');
    renderWithProviders(<UsersSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading users: Database unavailable');
    answer = () => jsonResponse([jane]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
  });

  describe('Add User', () => {
    async function openDialog() {
      fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
      return screen.findByRole('dialog', { name: 'Add User' });
    }

    function fillAll(dialog: HTMLElement) {
      fill(dialog, 'Username', 'rosa');
      fill(dialog, 'Password', 'Fresh-Pass-9');
      fill(dialog, 'Email', 'Rosa@Parks.test');
      fill(dialog, 'First Name', 'Rosa');
      fill(dialog, 'Last Name', 'Parks');
      fill(dialog, 'Business Name', 'Parks Provisions');
    }

    const submit = (dialog: HTMLElement) =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    it("says 'All fields are required', then 'Please select a role', then the password rule, sending nothing", async () => {
      const { calls } = stubUsers();
      await renderSection();
      const dialog = await openDialog();
      expect(dialog.textContent).toContain(
        '8 to 100 characters, with at least one uppercase letter, one lowercase letter and one number.',
      );

      submit(dialog);
      // The spec's sentence once, each empty field named under itself, the focus on the first.
      expect((await within(dialog).findByRole('alert')).textContent).toBe('All fields are required');
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('First Name')));
      for (const label of ['First Name', 'Last Name', 'Business Name', 'Email', 'Username', 'Password']) {
        expectFieldProblem(label, `${label} is required`);
      }

      fillAll(dialog);
      fill(dialog, 'Business Name', '   ');
      submit(dialog);
      await waitFor(() =>
        expect(document.activeElement).toBe(within(dialog).getByLabelText('Business Name')),
      );
      expectFieldProblem('Business Name', 'Business Name is required');
      expectNoFieldProblem('First Name');
      expect(within(dialog).getByRole('alert').textContent).toBe('All fields are required');

      fill(dialog, 'Business Name', 'Parks Provisions');
      submit(dialog);
      await waitFor(() => expectFieldProblem('Role', 'Please select a role'));
      expect(within(dialog).queryByRole('alert')).toBeNull();

      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
      fill(dialog, 'Password', 'short');
      submit(dialog);
      await waitFor(() => expectFieldProblem('Password', 'Password must be at least 8 characters long'));
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Password'));
      fill(dialog, 'Password', 'alllowercase1');
      submit(dialog);
      await waitFor(() =>
        expectFieldProblem(
          'Password',
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
        ),
      );
      expect(calls).toEqual([]);
    });

    it('creates the user: the fields sent, a success toast, the dialog closed and the list reloaded', async () => {
      let created = false;
      const rosa = buildAdminUser({ id: 40, username: 'rosa', email: 'rosa@parks.test', firstName: 'Rosa' });
      const { calls, fetchMock } = stubUsers({
        '/api/admin/users': ({ init }) => {
          if (init?.method === 'POST') {
            created = true;
            return jsonResponse({ message: 'User created successfully', user: rosa }, { status: 201 });
          }
          return jsonResponse(created ? [rosa, jane] : [jane]);
        },
      });
      await renderSection();
      const dialog = await openDialog();
      fillAll(dialog);
      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'customer' } });
      submit(dialog);

      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', { description: 'User created successfully' }),
      );
      expect(calls).toEqual([
        {
          path: '/api/admin/users',
          method: 'POST',
          body: {
            username: 'rosa',
            password: 'Fresh-Pass-9',
            email: 'rosa@parks.test',
            firstName: 'Rosa',
            lastName: 'Parks',
            businessName: 'Parks Provisions',
            role: 'customer',
          },
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Rosa Doe')).toBeInTheDocument();
      const listLoads = fetchMock.mock.calls.filter(
        ([input, init]) => input === '/api/admin/users' && (init?.method ?? 'GET') === 'GET',
      );
      expect(listLoads).toHaveLength(2);
    });

    it('keeps the Create button disabled while saving', async () => {
      stubUsers({
        '/api/admin/users': ({ init }) => (init?.method === 'POST' ? never() : jsonResponse([jane])),
      });
      await renderSection();
      const dialog = await openDialog();
      fillAll(dialog);
      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
      submit(dialog);
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Creating...' }).hasAttribute('disabled')).toBe(
          true,
        ),
      );
    });

    it("toasts the server's refusal, or 'Failed to create user', and keeps the dialog open", async () => {
      let answer = (): Response | Promise<Response> => errorResponse(409, 'Username already exists');
      stubUsers({
        '/api/admin/users': ({ init }) => (init?.method === 'POST' ? answer() : jsonResponse([jane])),
      });
      await renderSection();
      const dialog = await openDialog();
      fillAll(dialog);
      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'customer' } });
      submit(dialog);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Username already exists' }),
      );
      expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
      // A taken name is also said under its field, which takes the focus.
      await waitFor(() => expectFieldProblem('Username', 'Username already exists', dialog));
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Username'));

      answer = networkFailure;
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Create User' }).hasAttribute('disabled')).toBe(
          false,
        ),
      );
      submit(dialog);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to create user' }),
      );
    });
  });

  describe('Reset Password', () => {
    async function openDialog() {
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password for Jane Doe' }));
      return screen.findByRole('dialog', { name: 'Reset Password' });
    }
    const submit = (dialog: HTMLElement) =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    it("says 'Please enter a new password', then the rule, then sends the password", async () => {
      const { calls } = stubUsers({
        '/api/admin/users/7/reset-password': () => jsonResponse({ message: 'Password reset successfully' }),
      });
      await renderSection();
      const dialog = await openDialog();
      expect(dialog.textContent).toContain('Set a new password for Jane Doe (jane@shop.test).');

      submit(dialog);
      expect(await within(dialog).findByText('Please enter a new password')).toBeInTheDocument();
      fill(dialog, 'New Password', 'NoDigitsHere');
      submit(dialog);
      expect(
        await within(dialog).findByText(
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
        ),
      ).toBeTruthy();
      expect(calls).toEqual([]);

      fill(dialog, 'New Password', 'New-Pass-22');
      submit(dialog);
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', {
          description: 'Password reset successfully',
        }),
      );
      expect(calls).toEqual([
        { path: '/api/admin/users/7/reset-password', method: 'POST', body: { password: 'New-Pass-22' } },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("toasts 'Failed to reset password' when the server says nothing, and disables Save meanwhile", async () => {
      let answer: () => Response | Promise<Response> = never;
      stubUsers({ '/api/admin/users/7/reset-password': () => answer() });
      await renderSection();
      const dialog = await openDialog();
      fill(dialog, 'New Password', 'New-Pass-22');
      submit(dialog);
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true),
      );
      cleanup();

      answer = networkFailure;
      await renderSection();
      const again = await openDialog();
      fill(again, 'New Password', 'New-Pass-22');
      submit(again);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to reset password' }),
      );
    });
  });

  describe('Change Role', () => {
    async function openDialog() {
      fireEvent.click(screen.getByRole('button', { name: 'Change Role of Jane Doe' }));
      return screen.findByRole('dialog', { name: 'Change Role' });
    }
    const submit = (dialog: HTMLElement) =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Role' }));

    it("says 'Please select a role' without one, then saves the chosen role", async () => {
      let promoted = false;
      const { calls } = stubUsers({
        '/api/admin/users': () =>
          jsonResponse([promoted ? { ...jane, role: 'admin' } : jane, pending, admin]),
        '/api/admin/users/7/role': () => {
          promoted = true;
          return jsonResponse({
            message: 'User role updated successfully',
            user: { ...jane, role: 'admin' },
          });
        },
      });
      await renderSection();
      const dialog = await openDialog();
      const select = within(dialog).getByLabelText<HTMLSelectElement>('Role');
      expect(select.value).toBe('customer');
      expect([...select.options].map((option) => option.textContent)).toEqual([
        'Select a role',
        'Customer',
        'Admin',
      ]);

      fireEvent.change(select, { target: { value: '' } });
      submit(dialog);
      expect(await within(dialog).findByText('Please select a role')).toBeInTheDocument();
      expect(calls).toEqual([]);

      fireEvent.change(select, { target: { value: 'admin' } });
      submit(dialog);
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', {
          description: 'User role updated successfully',
        }),
      );
      expect(calls).toEqual([{ path: '/api/admin/users/7/role', method: 'PATCH', body: { role: 'admin' } }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Admin')).toBeInTheDocument());
    });

    it("toasts the server's refusal, or 'Failed to update user role'", async () => {
      let answer = (): Response | Promise<Response> =>
        errorResponse(409, 'The last administrator cannot be changed to a customer');
      stubUsers({ '/api/admin/users/7/role': () => answer() });
      await renderSection();
      const dialog = await openDialog();
      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
      submit(dialog);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'The last administrator cannot be changed to a customer',
        }),
      );

      answer = networkFailure;
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Save Role' }).hasAttribute('disabled')).toBe(
          false,
        ),
      );
      submit(dialog);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update user role' }),
      );
    });
  });

  describe('Payment Terms', () => {
    const options = (unavailable: string[] = []) => ({
      options: [
        { value: 'on_approval', label: 'Pay on approval', available: true },
        { value: 'net15', label: 'Net 15', available: !unavailable.includes('net15') },
        { value: 'net30', label: 'Net 30', available: !unavailable.includes('net30') },
        { value: 'net60', label: 'Net 60', available: !unavailable.includes('net60') },
      ],
    });

    async function openDialog(name = 'Jane Doe') {
      fireEvent.click(screen.getByRole('button', { name: `Change Payment Terms of ${name}` }));
      return screen.findByRole('dialog', { name: 'Payment Terms' });
    }
    const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save Terms' });

    it("offers the terms the store has, the others disabled with 'Not set up in Shopify', and saves the choice", async () => {
      let saved = false;
      const { calls } = stubUsers({
        '/api/admin/users': () =>
          jsonResponse([saved ? { ...jane, paymentTerms: 'net30' } : jane, pending, admin]),
        '/api/admin/payment-terms': () => jsonResponse(options(['net15'])),
        '/api/admin/users/7/payment-terms': () => {
          saved = true;
          return jsonResponse({ message: 'Payment terms updated', user: { ...jane, paymentTerms: 'net30' } });
        },
      });
      await renderSection();
      const dialog = await openDialog();
      expect(dialog.textContent).toContain(
        'How Jane Doe (jane@shop.test) pays for the orders they submit from now on. Orders already submitted keep their terms.',
      );
      expect(dialog.textContent).toContain('Current terms: Pay on approval');
      const select = await within(dialog).findByLabelText<HTMLSelectElement>('Payment terms');
      expect(select.value).toBe('on_approval');
      expect([...select.options].map((option) => [option.textContent, option.disabled])).toEqual([
        ['Pay on approval', false],
        ['Net 15 (Not set up in Shopify)', true],
        ['Net 30', false],
        ['Net 60', false],
      ]);
      expect(dialog.textContent).toContain(
        "Terms marked 'Not set up in Shopify' need a payment terms template of that length in the Shopify store.",
      );

      fireEvent.change(select, { target: { value: 'net30' } });
      fireEvent.click(saveButton(dialog));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Payment terms updated' }),
      );
      expect(calls).toEqual([
        { path: '/api/admin/users/7/payment-terms', method: 'PATCH', body: { paymentTerms: 'net30' } },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Terms: Net 30')).toBeInTheDocument());
    });

    it('keeps the current terms in view while the choices load, and when they fail offers Retry', async () => {
      let answer: () => Response | Promise<Response> = never;
      stubUsers({ '/api/admin/payment-terms': () => answer() });
      await renderSection();
      let dialog = await openDialog('Pat Pending');
      expect(dialog.textContent).toContain('Current terms: Net 30');
      expect(within(dialog).getByRole('status').textContent).toBe('Loading payment terms...');
      expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      cleanup();

      answer = () => errorResponse(503, 'Shopify is not available right now');
      await renderSection();
      dialog = await openDialog('Pat Pending');
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toContain(
        'Could not load the payment terms: Shopify is not available right now',
      );
      expect(dialog.textContent).toContain('Current terms: Net 30');
      expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);

      answer = () => jsonResponse(options());
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      const select = await within(dialog).findByLabelText<HTMLSelectElement>('Payment terms');
      expect(select.value).toBe('net30');
      expect(saveButton(dialog).hasAttribute('disabled')).toBe(false);
    });

    it("shows the server's refusal in a toast and beside the choice, reloads the choices, and keeps the dialog open", async () => {
      let answer = (): Response | Promise<Response> =>
        errorResponse(409, 'The Shopify store has no payment terms template for these terms');
      const fetchMock = stubUsers({
        '/api/admin/payment-terms': () => jsonResponse(options()),
        '/api/admin/users/7/payment-terms': () => answer(),
      }).fetchMock;
      await renderSection();
      const dialog = await openDialog();
      const select = await within(dialog).findByLabelText<HTMLSelectElement>('Payment terms');
      fireEvent.change(select, { target: { value: 'net60' } });
      fireEvent.click(saveButton(dialog));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'The Shopify store has no payment terms template for these terms',
        }),
      );
      expect(
        within(dialog).getByText('The Shopify store has no payment terms template for these terms'),
      ).toBeTruthy();
      expect(select.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() =>
        expect(fetchMock.mock.calls.filter(([input]) => input === '/api/admin/payment-terms')).toHaveLength(
          2,
        ),
      );
      expect(screen.getByRole('dialog', { name: 'Payment Terms' })).toBeInTheDocument();

      answer = networkFailure;
      fireEvent.click(saveButton(dialog));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update payment terms' }),
      );
    });

    it('disables Save while saving, and closes without a request when nothing changed', async () => {
      const { calls } = stubUsers({
        '/api/admin/payment-terms': () => jsonResponse(options()),
        '/api/admin/users/7/payment-terms': never,
      });
      await renderSection();
      let dialog = await openDialog();
      await within(dialog).findByLabelText('Payment terms');
      fireEvent.click(saveButton(dialog));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls).toEqual([]);

      dialog = await openDialog();
      fireEvent.change(await within(dialog).findByLabelText('Payment terms'), { target: { value: 'net15' } });
      fireEvent.click(saveButton(dialog));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true),
      );
    });

    it("shows a customer's terms on their card on a phone, with the Payment Terms button", async () => {
      useViewport(true);
      stubUsers();
      renderWithProviders(<UsersSection />);
      const cards = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
      expect(cards[1]?.textContent).toContain('Payment termsNet 30');
      expect(
        within(cards[1]!).getByRole('button', { name: 'Change Payment Terms of Pat Pending' }),
      ).toBeInTheDocument();
      expect(cards[2]?.textContent).toContain('Payment terms—');
      expect(within(cards[2]!).queryByRole('button', { name: /Payment Terms/ })).toBeNull();
    });
  });
});

describe('UsersSection: companies', () => {
  it("shows each customer's company and their role in it, and none for staff", async () => {
    stubUsers({
      '/api/admin/users': () =>
        jsonResponse([
          buildAdminUser({
            businessName: 'Doe Botanicals',
            company: { id: 3, name: 'Doe Botanicals', role: 'viewer' },
          }),
          admin,
        ]),
    });
    await renderSection();
    const row = rowOf('Jane Doe');
    expect(within(row).getByText('Doe Botanicals')).toBeTruthy();
    expect(within(row).getByText('Viewer')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).queryByText('Doe Botanicals')).toBeNull();
  });
});
