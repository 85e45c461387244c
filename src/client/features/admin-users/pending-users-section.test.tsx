// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_USERS_QUERY } from './use-compact-layout';
import { PendingUsersSection } from '../../routes/admin/sections/pending-users-section';
import { UsersSection } from '../../routes/admin/sections/users-section';
import { hasVisibleEdge } from '../../test-support/badge-edge';
import { renderWithProviders } from '../../test-support/render-app';
import { countCalls, jsonResponse } from '../../test-support/stub-fetch';
import {
  buildAdminUser,
  buildPendingUser,
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
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const grace = buildPendingUser();
const linus = buildPendingUser({
  id: 32,
  firstName: 'Linus',
  lastName: 'Pauling',
  username: 'linus',
  businessName: 'Pauling Apothecary',
  email: 'linus@pauling.test',
  phone: null,
  createdAt: '2031-03-05T09:05:00.000Z',
});

function stubPending(overrides: Handlers = {}) {
  return stubUsersApi({
    '/api/admin/pending-users': () => jsonResponse([grace, linus]),
    '/api/admin/users': () => jsonResponse([buildAdminUser()]),
    '/api/session': () => jsonResponse({ user: testAdmin }),
    ...overrides,
  });
}

/** A wide screen, or a phone (where the compact-layout query matches). */
function useViewport(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { matches: phone && query === COMPACT_USERS_QUERY, media: query });
  });
}

const approveButton = (name: string) => screen.getByRole('button', { name: `Approve ${name}` });
const rejectButton = (name: string) => screen.getByRole('button', { name: `Reject ${name}` });

describe('PendingUsersSection', () => {
  it('shows the heading with the count, the description and the spec columns', async () => {
    stubPending();
    renderWithProviders(<PendingUsersSection />);

    await screen.findByText('Grace Hopper');
    const heading = screen.getByRole('heading', { name: /^Pending User Approvals/ });
    expect(heading.textContent).toBe('Pending User Approvals2 pending');
    expect(screen.getByText('Review and approve new wholesale account registrations.')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Pending users' })).getAllByRole('row');
    const cells = rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells[0]).toEqual([
      'User Details',
      'Business',
      'Contact',
      'Registration Date',
      'Status',
      'Actions',
    ]);
    expect(cells[1]).toEqual([
      'Grace Hopper@grace@hopper.test',
      'Hopper Naturals',
      'grace@hopper.test555-0100',
      format(new Date(grace.createdAt), 'MMM d, yyyy h:mm a'),
      'Pending',
      'ApproveReject',
    ]);
    expect(cells[2]?.slice(0, 3)).toEqual([
      'Linus Pauling@linus',
      'Pauling Apothecary',
      'linus@pauling.test',
    ]);
    expect(cells[2]?.[3]).toMatch(/^Mar \d{1,2}, 2031 \d{1,2}:05 (AM|PM)$/);
  });

  it("shows 'Loading pending users...' while the list loads", async () => {
    stubPending({ '/api/admin/pending-users': never });
    renderWithProviders(<PendingUsersSection />);
    expect(await screen.findByText('Loading pending users...')).toBeInTheDocument();
  });

  it('shows the empty state and a zero count when nobody waits', async () => {
    stubPending({ '/api/admin/pending-users': () => jsonResponse([]) });
    renderWithProviders(<PendingUsersSection />);
    expect(await screen.findByText('No pending user approvals')).toBeInTheDocument();
    expect(screen.getByText('New registrations will appear here for review')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Pending User Approvals/ }).textContent).toBe(
      'Pending User Approvals0 pending',
    );
    // A badge like any other count, muted: not bare text.
    const count = screen.getByTestId('pending-count');
    expect(count.getAttribute('data-variant')).toBe('secondary');
    expect(hasVisibleEdge(count)).toBe(true);
  });

  it("shows 'Error loading pending users: ' with the message, and Retry loads again", async () => {
    let fail = true;
    const { fetchMock } = stubPending({
      '/api/admin/pending-users': () =>
        fail ? errorResponse(500, 'Database unavailable') : jsonResponse([grace]),
    });
    renderWithProviders(<PendingUsersSection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading pending users: Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/admin/pending-users')).toBe(2);
  });

  it("shows 'Unknown error' when the failure has no message", async () => {
    stubPending({ '/api/admin/pending-users': networkFailure });
    renderWithProviders(<PendingUsersSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error loading pending users: Unknown error',
    );
  });

  it("approves: sends the decision, toasts 'Success' with the server's message, refreshes both lists", async () => {
    let decided = false;
    const { calls, fetchMock } = stubPending({
      '/api/admin/pending-users': () => jsonResponse(decided ? [linus] : [grace, linus]),
      '/api/admin/users/31/approve': () => {
        decided = true;
        return jsonResponse({ message: 'User approved successfully' });
      },
    });
    renderWithProviders(
      <>
        <PendingUsersSection />
        <UsersSection />
      </>,
    );
    await screen.findByText('Grace Hopper');
    await screen.findByText('Jane Doe');

    fireEvent.click(approveButton('Grace Hopper'));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'User approved successfully' }),
    );
    expect(calls).toEqual([
      { path: '/api/admin/users/31/approve', method: 'POST', body: { decision: 'approved' } },
    ]);
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    // The Users list reloads too (its first load plus one).
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => input === '/api/admin/users')).toHaveLength(2),
    );
  });

  it('disables every decision button while a decision is on its way', async () => {
    stubPending({ '/api/admin/users/31/approve': never });
    renderWithProviders(<PendingUsersSection />);
    await screen.findByText('Grace Hopper');

    fireEvent.click(approveButton('Grace Hopper'));
    await waitFor(() => expect(approveButton('Grace Hopper').hasAttribute('disabled')).toBe(true));
    expect(approveButton('Grace Hopper').textContent).toBe('Approving...');
    expect(rejectButton('Grace Hopper').hasAttribute('disabled')).toBe(true);
    expect(approveButton('Linus Pauling').hasAttribute('disabled')).toBe(true);
  });

  it('asks before rejecting; Cancel sends nothing, Reject sends the decision', async () => {
    const { calls } = stubPending({
      '/api/admin/users/32/approve': () => jsonResponse({ message: 'User rejected' }),
    });
    renderWithProviders(<PendingUsersSection />);
    await screen.findByText('Linus Pauling');

    fireEvent.click(rejectButton('Linus Pauling'));
    let dialog = await screen.findByRole('dialog', { name: 'Reject this registration?' });
    expect(dialog.textContent).toContain('Linus Pauling (Pauling Apothecary) will be told by e-mail');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(rejectButton('Linus Pauling'));
    dialog = await screen.findByRole('dialog', { name: 'Reject this registration?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'User rejected' }),
    );
    expect(calls).toEqual([
      { path: '/api/admin/users/32/approve', method: 'POST', body: { decision: 'rejected' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts 'Error' with the server's message, or 'Failed to update user status'", async () => {
    let answer = (): Response | Promise<Response> => errorResponse(409, 'This user is not pending approval');
    stubPending({ '/api/admin/users/31/approve': () => answer() });
    renderWithProviders(<PendingUsersSection />);
    await screen.findByText('Grace Hopper');

    fireEvent.click(approveButton('Grace Hopper'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'This user is not pending approval',
      }),
    );

    answer = networkFailure;
    await waitFor(() => expect(approveButton('Grace Hopper').hasAttribute('disabled')).toBe(false));
    fireEvent.click(approveButton('Grace Hopper'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update user status' }),
    );
  });

  describe('keeps the keyboard going when a decided row leaves', () => {
    const ada = buildPendingUser({ id: 33, firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });

    /** The pending list as the server holds it: a decided registration is no longer in it. */
    function stubDecisions(fail: () => boolean = () => false) {
      const decided = new Set<number>();
      const handlers: Handlers = {
        '/api/admin/pending-users': () =>
          jsonResponse([grace, linus, ada].filter((user) => !decided.has(user.id))),
      };
      for (const user of [grace, linus, ada]) {
        handlers[`/api/admin/users/${user.id}/approve`] = () => {
          if (fail()) return errorResponse(409, 'This user is not pending approval');
          decided.add(user.id);
          return jsonResponse({ message: 'User approved successfully' });
        };
      }
      return stubPending(handlers);
    }

    it("after Approve, the focus goes to the next row's Approve; after the last one, to the heading", async () => {
      stubDecisions();
      renderWithProviders(<PendingUsersSection />);
      await screen.findByText('Grace Hopper');

      approveButton('Grace Hopper').focus();
      fireEvent.click(approveButton('Grace Hopper'));
      await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(approveButton('Linus Pauling')));

      // At the end of the list, the row before takes the place.
      approveButton('Ada Lovelace').focus();
      fireEvent.click(approveButton('Ada Lovelace'));
      await waitFor(() => expect(screen.queryByText('Ada Lovelace')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(approveButton('Linus Pauling')));

      fireEvent.click(approveButton('Linus Pauling'));
      await screen.findByText('No pending user approvals');
      const heading = screen.getByRole('heading', { name: /^Pending User Approvals/ });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(heading.textContent).toBe('Pending User Approvals0 pending');
    });

    it("after Reject is confirmed, the focus goes to the next row's Approve, not to the page", async () => {
      stubDecisions();
      renderWithProviders(<PendingUsersSection />);
      await screen.findByText('Grace Hopper');

      rejectButton('Grace Hopper').focus();
      fireEvent.click(rejectButton('Grace Hopper'));
      const dialog = await screen.findByRole('dialog', { name: 'Reject this registration?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(approveButton('Linus Pauling')));
    });

    it('when the decision fails the row stays, and so does the focus', async () => {
      stubDecisions(() => true);
      renderWithProviders(<PendingUsersSection />);
      await screen.findByText('Grace Hopper');

      approveButton('Linus Pauling').focus();
      fireEvent.click(approveButton('Linus Pauling'));
      await waitFor(() => expect(toast.error).toHaveBeenCalled());
      await waitFor(() => expect(document.activeElement).toBe(approveButton('Linus Pauling')));
    });
  });

  it('shows each registration as a card on a phone', async () => {
    useViewport(true);
    stubPending();
    renderWithProviders(<PendingUsersSection />);
    const list = await screen.findByRole('list', { name: 'Pending users' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Hopper Naturals');
    expect(within(cards[0]!).getByRole('button', { name: 'Approve Grace Hopper' })).toBeInTheDocument();
  });
});
