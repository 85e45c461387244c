// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import type { Invitation, TeamMember, TeamResponse } from '../../../shared/schemas/team';
import { toast } from '../../lib/toast';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { hasVisibleEdge } from '../../test-support/badge-edge';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { expectFieldProblem } from '../../test-support/field-problem';
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
type FetchMock = ReturnType<typeof stubFetch>;

const jane: TeamMember = {
  id: 7,
  name: 'Jane Doe',
  email: 'jane@shop.test',
  role: 'owner',
  locationIds: [],
  lastLoginAt: '2031-03-04T15:30:00.000Z',
  isYou: true,
};
const sam: TeamMember = {
  id: 12,
  name: 'Sam Buyer',
  email: 'sam@shop.test',
  role: 'buyer',
  locationIds: [31],
  lastLoginAt: null,
  isYou: false,
};
const vic: TeamMember = {
  id: 13,
  name: 'Vic Viewer',
  email: 'vic@shop.test',
  role: 'viewer',
  locationIds: [],
  lastLoginAt: null,
  isYou: false,
};

const openInvitation: Invitation = {
  id: 5,
  email: 'new@shop.test',
  role: 'buyer',
  locationIds: [31],
  invitedBy: 'Jane Doe',
  sentAt: '2031-03-01T10:00:00.000Z',
  expiresAt: '2031-03-08T10:00:00.000Z',
  expired: false,
};
const expiredInvitation: Invitation = {
  id: 6,
  email: 'late@shop.test',
  role: 'viewer',
  locationIds: [],
  invitedBy: null,
  sentAt: '2031-01-01T10:00:00.000Z',
  expiresAt: '2031-01-08T10:00:00.000Z',
  expired: true,
};

function ownerTeam(overrides: Partial<TeamResponse> = {}): TeamResponse {
  return {
    company: { id: 3, name: 'Doe Botanicals' },
    mayManage: true,
    members: [jane, sam, vic],
    invitations: [openInvitation],
    ...overrides,
  };
}

const buyer: CurrentUser = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'buyer' } };

const done = () => jsonResponse({ message: 'Done' });

function stubApi(team: TeamResponse | (() => Response), overrides: Handlers = {}, user = testUser) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user }),
    '/api/company/team': typeof team === 'function' ? team : () => jsonResponse(team),
    ...overrides,
  });
}

/** The calls to exactly `path` (not its sub-paths), with their method and parsed body. */
function callsTo(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input) === path)
    .map(([, init]) => ({
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(requestBody(init)) as unknown) : undefined,
    }));
}

/** The list row of the person or invitation showing `text`. */
function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('li');
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

async function openTeam() {
  const view = renderApp('/account/team');
  expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'People' });
  return view;
}

describe('/account/team', () => {
  describe('what each role sees', () => {
    it("shows an owner the people (their own row marked '(you)'), the invite form and the invitations", async () => {
      stubApi(ownerTeam());
      await openTeam();

      expect(screen.getByText('The people of Doe Botanicals and what each may do.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Invite someone' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Pending invitations' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();

      expect(within(rowOf('Jane Doe')).getByText('(you)')).toBeInTheDocument();
      expect(within(rowOf('Sam Buyer')).queryByText('(you)')).toBeNull();
      expect(within(rowOf('Sam Buyer')).getByText('Not signed in yet')).toBeInTheDocument();
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Jane Doe' }).value).toBe(
        'owner',
      );
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Sam Buyer' }).value).toBe(
        'buyer',
      );
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Vic Viewer' }).value).toBe(
        'viewer',
      );
      expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(3);
      expect(screen.queryByText(/Only an owner of/)).toBeNull();

      expect(within(rowOf('new@shop.test')).getByText(/Buyer · sent .* by Jane Doe/)).toBeInTheDocument();
    });

    it('shows a buyer the people read-only, roles as badges, and says only an owner may change them', async () => {
      stubApi(ownerTeam({ mayManage: false, invitations: [] }), {}, buyer);
      await openTeam();

      expect(
        screen.getByText('Only an owner of Doe Botanicals can invite people or change roles.'),
      ).toBeInTheDocument();
      for (const [name, role] of [
        ['Jane Doe', 'Owner'],
        ['Sam Buyer', 'Buyer'],
        ['Vic Viewer', 'Viewer'],
      ] as const) {
        const badge = within(rowOf(name)).getByText(role);
        expect(hasVisibleEdge(badge), `${name}'s role is a badge`).toBe(true);
      }
      expect(screen.queryByRole('heading', { name: 'Invite someone' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
      expect(screen.queryAllByRole('combobox')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    });

    it('shows a viewer the same read-only list', async () => {
      const viewer: CurrentUser = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' } };
      stubApi(
        ownerTeam({
          mayManage: false,
          invitations: [],
          members: [
            { ...jane, isYou: false },
            { ...vic, isYou: true },
          ],
        }),
        {},
        viewer,
      );
      await openTeam();

      expect(
        screen.getByText('Only an owner of Doe Botanicals can invite people or change roles.'),
      ).toBeInTheDocument();
      expect(within(rowOf('Vic Viewer')).getByText('(you)')).toBeInTheDocument();
      expect(within(rowOf('Vic Viewer')).getByText('Viewer')).toBeInTheDocument();
      expect(screen.queryAllByRole('combobox')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    });
  });

  describe('Invite someone', () => {
    it('posts the lower-cased address and the chosen role, toasts, empties the form and reads the team again', async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/invitations': () =>
          jsonResponse({ ...openInvitation, id: 9, email: 'pat@shop.test', role: 'viewer' }, { status: 201 }),
      });
      await openTeam();
      const teamReads = countCalls(fetchMock, '/api/company/team');

      const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
      // Chosen explicitly: happy-dom's select lacks `size` and `defaultSelected`, so react-hook-form takes
      // its first option as already edited and the form's 'buyer' default does not show here.
      const role = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
      fireEvent.change(email, { target: { value: '  Pat@Shop.TEST ' } });
      fireEvent.change(role, { target: { value: 'viewer' } });
      expect(
        screen.getByText("Sees the company's orders, PDFs and payment status, but cannot order"),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent to pat@shop.test'));
      expect(callsTo(fetchMock, '/api/company/invitations')).toEqual([
        { method: 'POST', body: { email: 'pat@shop.test', role: 'viewer' } },
      ]);
      await waitFor(() => expect(email.value).toBe(''));
      expect(role.value).toBe('buyer');
      await waitFor(() => expect(countCalls(fetchMock, '/api/company/team')).toBeGreaterThan(teamReads));
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it("shows a 409 refusal's message above the button and keeps the typed address", async () => {
      const message = 'pat@shop.test already has an account.';
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/invitations': () =>
          jsonResponse({ code: 'CONFLICT', message, requestId: 'req-test' }, { status: 409 }),
      });
      await openTeam();

      const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
      fireEvent.change(email, { target: { value: 'pat@shop.test' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      const button = screen.getByRole('button', { name: 'Send invitation' });
      expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(email.value).toBe('pat@shop.test');
      expect(countCalls(fetchMock, '/api/company/invitations')).toBe(1);
      expect(toast.success).not.toHaveBeenCalled();
    });

    it.each([
      ['empty', ''],
      ['not an address', 'pat-at-shop'],
    ])('shows a field problem for an %s e-mail and sends nothing', async (_case, typed) => {
      const fetchMock = stubApi(ownerTeam());
      await openTeam();

      fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      await waitFor(() => expectFieldProblem('E-mail', 'Please enter a valid email address'));
      expect(countCalls(fetchMock, '/api/company/invitations')).toBe(0);
    });
  });

  describe('People', () => {
    it("sends the new role when an owner changes a person's role", async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/members/12': done });
      await openTeam();

      fireEvent.change(screen.getByRole('combobox', { name: 'Role of Sam Buyer' }), {
        target: { value: 'viewer' },
      });

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/members/12')).toEqual([
          { method: 'PATCH', body: { role: 'viewer' } },
        ]),
      );
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Sam Buyer's role changed"));
    });

    it('asks before removing a person: Cancel sends nothing, Remove sends DELETE', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/members/12': done });
      await openTeam();

      fireEvent.click(within(rowOf('Sam Buyer')).getByRole('button', { name: 'Remove' }));
      let dialog = screen.getByRole('dialog', { name: 'Remove Sam Buyer?' });
      expect(dialog).toHaveAccessibleDescription(
        'Sam Buyer is signed out at once and can no longer sign in. The orders they placed stay with the company.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(countCalls(fetchMock, '/api/company/members')).toBe(0);

      fireEvent.click(within(rowOf('Sam Buyer')).getByRole('button', { name: 'Remove' }));
      dialog = screen.getByRole('dialog', { name: 'Remove Sam Buyer?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/members/12')).toEqual([
          { method: 'DELETE', body: undefined },
        ]),
      );
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sam Buyer removed from the team'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('warns an owner removing themselves that they will be signed out', async () => {
      const fetchMock = stubApi(ownerTeam());
      await openTeam();

      fireEvent.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Remove' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Jane Doe?' });
      expect(dialog).toHaveAccessibleDescription(
        'You will be signed out and can no longer sign in. The orders you placed stay with the company.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(countCalls(fetchMock, '/api/company/members')).toBe(0);
    });
  });

  describe('Pending invitations', () => {
    it('Send again posts the resend and toasts', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/invitations/5/resend': done });
      await openTeam();

      fireEvent.click(within(rowOf('new@shop.test')).getByRole('button', { name: 'Send again' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/invitations/5/resend')).toEqual([
          { method: 'POST', body: undefined },
        ]),
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Invitation sent again to new@shop.test'),
      );
    });

    it('Withdraw asks first: Cancel sends nothing, Withdraw sends DELETE', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/invitations/5': done });
      await openTeam();

      fireEvent.click(within(rowOf('new@shop.test')).getByRole('button', { name: 'Withdraw' }));
      let dialog = screen.getByRole('dialog', { name: 'Withdraw the invitation?' });
      expect(dialog).toHaveAccessibleDescription('The link sent to new@shop.test will stop working.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(countCalls(fetchMock, '/api/company/invitations/5')).toBe(0);

      fireEvent.click(within(rowOf('new@shop.test')).getByRole('button', { name: 'Withdraw' }));
      dialog = screen.getByRole('dialog', { name: 'Withdraw the invitation?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/invitations/5')).toEqual([
          { method: 'DELETE', body: undefined },
        ]),
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Invitation to new@shop.test withdrawn'),
      );
    });

    it("marks an expired invitation 'Expired' and gives an open one its end date", async () => {
      stubApi(ownerTeam({ invitations: [openInvitation, expiredInvitation] }));
      await openTeam();

      const expired = within(rowOf('late@shop.test'));
      expect(hasVisibleEdge(expired.getByText('Expired'))).toBe(true);
      expect(expired.queryByText(/The link works until/)).toBeNull();
      expect(expired.getByRole('button', { name: 'Send again' })).toBeInTheDocument();

      const open = within(rowOf('new@shop.test'));
      expect(open.queryByText('Expired')).toBeNull();
      expect(open.getByText(/The link works until/)).toBeInTheDocument();
    });

    it("says 'No invitations are waiting.' when there are none", async () => {
      stubApi(ownerTeam({ invitations: [] }));
      await openTeam();

      expect(screen.getByRole('heading', { level: 2, name: 'Pending invitations' })).toBeInTheDocument();
      expect(screen.getByText('No invitations are waiting.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    });
  });

  it('says the team could not be loaded, and Retry loads it', async () => {
    let fail = true;
    const fetchMock = stubApi(() =>
      fail ? errorResponse(500, 'Something went wrong') : jsonResponse(ownerTeam()),
    );
    renderApp('/account/team');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your team could not be loaded. Please try again.');
    expect(screen.queryByRole('heading', { name: 'People' })).toBeNull();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('Sam Buyer')).toBeInTheDocument();
    expect(screen.queryByText('Your team could not be loaded. Please try again.')).toBeNull();
    expect(countCalls(fetchMock, '/api/company/team')).toBe(2);
  });
});
