// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE } from '../../../shared/company-roles';
import type { CurrentUser } from '../../../shared/schemas/auth';
import type { LocationsResponse } from '../../../shared/schemas/locations';
import type { Invitation, TeamMember, TeamResponse } from '../../../shared/schemas/team';
import {
  harbourStore,
  locationsResponse,
  mainLocation,
  testLocation,
} from '../../features/team/team-test-support';
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
  locationIds: [32],
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

/**
 * The API behind the page. The locations default to the company's two (Main location, the default, and
 * Harbour Store), managed by whoever manages the team; `overrides` replaces any route.
 */
function stubApi(
  team: TeamResponse | (() => Response),
  overrides: Handlers = {},
  user = testUser,
  locations: LocationsResponse = locationsResponse(typeof team === 'function' || team.mayManage),
) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user }),
    '/api/company/team': typeof team === 'function' ? team : () => jsonResponse(team),
    '/api/company/locations': () => jsonResponse(locations),
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

/** The calls to `path` that change something (the page's own reads left out). */
function changesTo(fetchMock: FetchMock, path: string) {
  return callsTo(fetchMock, path).filter((call) => call.method !== 'GET');
}

/** Every call under /api/company/members (PATCH, PUT …/locations, DELETE), in order. */
function memberCalls(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).startsWith('/api/company/members'))
    .map(([input, init]) => ({
      path: requestUrl(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(requestBody(init)) as unknown) : undefined,
    }));
}

/** A card of the page (a region named by its heading). */
function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The list row of the person or invitation showing `text`. */
function rowOf(text: string): HTMLElement {
  const row = within(card(text.includes('@') ? 'Pending invitations' : 'People'))
    .getByText(text)
    .closest('li');
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

/** The Locations card's row of the location `name`. */
function locationRow(name: string): HTMLElement {
  const row = within(card('Locations')).getByText(name).closest('li');
  if (!row) throw new Error(`no location row shows ${name}`);
  return row;
}

/** Opens the page and waits for the team and the locations (the invite form starts again once they come). */
async function openTeam() {
  const view = renderApp('/account/team');
  expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'People' });
  await waitFor(() => expect(within(card('Locations')).queryAllByRole('listitem').length).toBeGreaterThan(0));
  return view;
}

/** Opens the owner's 'Edit {name}' dialog of a person. */
function editPerson(name: string): HTMLElement {
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: `Edit ${name}` }));
  return screen.getByRole('dialog', { name: `Edit ${name}` });
}

function checkbox(container: HTMLElement, name: string): HTMLInputElement {
  return within(container).getByRole<HTMLInputElement>('checkbox', { name });
}

function type(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

const MANAGING_BUTTON = /^(Edit|Remove|Make) /;

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
      for (const [name, role] of [
        ['Jane Doe', 'Owner'],
        ['Sam Buyer', 'Buyer'],
        ['Vic Viewer', 'Viewer'],
      ] as const) {
        const row = within(rowOf(name));
        expect(hasVisibleEdge(row.getByText(role)), `${name}'s role is a badge`).toBe(true);
        expect(row.getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
        expect(row.getByRole('button', { name: `Remove ${name}` })).toBeInTheDocument();
      }
      // The role is changed in the Edit dialog, no longer by a select in the row.
      expect(within(card('People')).queryAllByRole('combobox')).toHaveLength(0);
      expect(screen.queryByText(/Only an owner of/)).toBeNull();

      expect(within(rowOf('new@shop.test')).getByText(/Buyer · sent .* by Jane Doe/)).toBeInTheDocument();
    });

    it('shows which locations a buyer orders for when the company has several, and only for buyers', async () => {
      stubApi(ownerTeam({ members: [jane, { ...sam, locationIds: [31, 32] }, vic] }));
      await openTeam();

      expect(
        within(rowOf('Sam Buyer')).getByText('Orders for Main location, Harbour Store'),
      ).toBeInTheDocument();
      expect(within(rowOf('Jane Doe')).queryByText(/Orders for/)).toBeNull();
      expect(within(rowOf('Vic Viewer')).queryByText(/Orders for/)).toBeNull();
    });

    it('says nothing of locations in the rows of a company with one location', async () => {
      stubApi(ownerTeam(), {}, testUser, locationsResponse(true, [mainLocation]));
      await openTeam();

      expect(within(card('People')).queryByText(/Orders for/)).toBeNull();
    });

    it('shows a buyer the people and the locations read-only, roles as badges, and says only an owner may change them', async () => {
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
      expect(screen.queryAllByRole('button', { name: MANAGING_BUTTON })).toHaveLength(0);

      const locations = within(card('Locations'));
      expect(locations.getByText('The locations you order for.')).toBeInTheDocument();
      expect(locations.getByText('Main location')).toBeInTheDocument();
      expect(locations.getByText('Harbour Store')).toBeInTheDocument();
      expect(locations.queryByRole('button')).toBeNull();
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
      expect(screen.queryAllByRole('button', { name: MANAGING_BUTTON })).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Add location' })).toBeNull();
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
      // A viewer has every location: nothing to choose.
      expect(within(card('Invite someone')).queryByRole('group', { name: 'Orders for' })).toBeNull();
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

    it("offers a buyer's locations, the default one checked, and sends the ones checked", async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/invitations': () =>
          jsonResponse({ ...openInvitation, id: 9, email: 'pat@shop.test' }, { status: 201 }),
      });
      await openTeam();
      const invite = card('Invite someone');

      fireEvent.change(within(invite).getByRole('textbox', { name: 'E-mail' }), {
        target: { value: 'pat@shop.test' },
      });
      fireEvent.change(within(invite).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'buyer' },
      });
      const choices = within(invite).getByRole('group', { name: 'Orders for' });
      expect(checkbox(choices, 'Main location').checked).toBe(true);
      expect(checkbox(choices, 'Harbour Store').checked).toBe(false);

      fireEvent.click(checkbox(choices, 'Harbour Store'));
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent to pat@shop.test'));
      expect(callsTo(fetchMock, '/api/company/invitations')).toEqual([
        { method: 'POST', body: { email: 'pat@shop.test', role: 'buyer', locationIds: [31, 32] } },
      ]);
    });

    it("says 'Choose at least one location' for a buyer with none checked, and sends nothing", async () => {
      const fetchMock = stubApi(ownerTeam());
      await openTeam();
      const invite = card('Invite someone');

      fireEvent.change(within(invite).getByRole('textbox', { name: 'E-mail' }), {
        target: { value: 'pat@shop.test' },
      });
      fireEvent.change(within(invite).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'buyer' },
      });
      fireEvent.click(checkbox(invite, 'Main location'));
      expect(checkbox(invite, 'Main location').checked).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      expect(await within(invite).findByText('Choose at least one location')).toBeInTheDocument();
      expect(countCalls(fetchMock, '/api/company/invitations')).toBe(0);
      expect(toast.success).not.toHaveBeenCalled();
    });

    it('asks a company with one location for no locations and sends none', async () => {
      const fetchMock = stubApi(
        ownerTeam(),
        {
          '/api/company/invitations': () =>
            jsonResponse({ ...openInvitation, id: 9, email: 'pat@shop.test' }, { status: 201 }),
        },
        testUser,
        locationsResponse(true, [mainLocation]),
      );
      await openTeam();
      const invite = card('Invite someone');

      fireEvent.change(within(invite).getByRole('textbox', { name: 'E-mail' }), {
        target: { value: 'pat@shop.test' },
      });
      fireEvent.change(within(invite).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'buyer' },
      });
      expect(within(invite).queryByRole('checkbox')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/invitations')).toEqual([
          { method: 'POST', body: { email: 'pat@shop.test', role: 'buyer' } },
        ]),
      );
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
    it("changes a person's role in the Edit dialog: PATCH with the new role on Save, then the dialog closes", async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/members/12': done });
      await openTeam();

      const dialog = editPerson('Sam Buyer');
      expect(dialog).toHaveAccessibleDescription('sam@shop.test');
      const role = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
      expect(role.value).toBe('buyer');
      fireEvent.change(role, { target: { value: 'viewer' } });
      expect(
        within(dialog).getByText("Sees the company's orders, PDFs and payment status, but cannot order"),
      ).toBeInTheDocument();
      // A viewer has every location: the choice goes with the buyer role.
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      // Nothing is sent as the select moves.
      expect(memberCalls(fetchMock)).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(memberCalls(fetchMock)).toEqual([
        { path: '/api/company/members/12', method: 'PATCH', body: { role: 'viewer' } },
      ]);
      expect(toast.success).toHaveBeenCalledWith("Sam Buyer's role changed");
    });

    it("saves a buyer's locations with PUT, checked as they are, and sends no role when it did not change", async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/members/12/locations': done });
      await openTeam();

      const dialog = editPerson('Sam Buyer');
      const choices = within(dialog).getByRole('group', { name: 'Orders for' });
      expect(checkbox(choices, 'Main location').checked).toBe(false);
      expect(checkbox(choices, 'Harbour Store').checked).toBe(true);
      fireEvent.click(checkbox(choices, 'Main location'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(memberCalls(fetchMock)).toEqual([
        { path: '/api/company/members/12/locations', method: 'PUT', body: { locationIds: [32, 31] } },
      ]);
      expect(toast.success).toHaveBeenCalledWith("Sam Buyer's locations saved");
    });

    it('makes a viewer a buyer of every location unless unchecked: PATCH the role, then PUT the locations', async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/members/13': done,
        '/api/company/members/13/locations': done,
      });
      await openTeam();

      const dialog = editPerson('Vic Viewer');
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'buyer' },
      });
      expect(checkbox(dialog, 'Main location').checked).toBe(true);
      expect(checkbox(dialog, 'Harbour Store').checked).toBe(true);
      fireEvent.click(checkbox(dialog, 'Main location'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(memberCalls(fetchMock)).toEqual([
        { path: '/api/company/members/13', method: 'PATCH', body: { role: 'buyer' } },
        { path: '/api/company/members/13/locations', method: 'PUT', body: { locationIds: [32] } },
      ]);
    });

    it("says 'Choose at least one location' in the dialog when none is checked, and sends nothing", async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/members/12': done,
        '/api/company/members/12/locations': done,
      });
      await openTeam();

      const dialog = editPerson('Sam Buyer');
      fireEvent.click(checkbox(dialog, 'Harbour Store'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one location');
      expect(screen.getByRole('dialog', { name: 'Edit Sam Buyer' })).toBeInTheDocument();
      expect(memberCalls(fetchMock)).toEqual([]);
      expect(toast.success).not.toHaveBeenCalled();
    });

    it("shows a 409 refusal in the dialog's alert and keeps the dialog open with the choice made", async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/members/7': () =>
          jsonResponse(
            { code: 'CONFLICT', message: LAST_OWNER_MESSAGE, requestId: 'req-test' },
            { status: 409 },
          ),
      });
      await openTeam();

      const dialog = editPerson('Jane Doe');
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'viewer' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_OWNER_MESSAGE);
      expect(screen.getByRole('dialog', { name: 'Edit Jane Doe' })).toBe(dialog);
      expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Role' }).value).toBe('viewer');
      expect(memberCalls(fetchMock)).toEqual([
        { path: '/api/company/members/7', method: 'PATCH', body: { role: 'viewer' } },
      ]);
      expect(toast.success).not.toHaveBeenCalled();
      // Said once, in the dialog, not again in a toast.
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('Cancel closes the dialog and sends nothing', async () => {
      const fetchMock = stubApi(ownerTeam());
      await openTeam();

      const dialog = editPerson('Sam Buyer');
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), {
        target: { value: 'owner' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).toBeNull();
      expect(memberCalls(fetchMock)).toEqual([]);
    });

    it('asks before removing a person: Cancel sends nothing, Remove sends DELETE', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/members/12': done });
      await openTeam();

      fireEvent.click(within(rowOf('Sam Buyer')).getByRole('button', { name: 'Remove Sam Buyer' }));
      let dialog = screen.getByRole('dialog', { name: 'Remove Sam Buyer?' });
      expect(dialog).toHaveAccessibleDescription(
        'Sam Buyer is signed out at once and can no longer sign in. The orders they placed stay with the company.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(countCalls(fetchMock, '/api/company/members')).toBe(0);

      fireEvent.click(within(rowOf('Sam Buyer')).getByRole('button', { name: 'Remove Sam Buyer' }));
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

      fireEvent.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Remove Jane Doe' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Jane Doe?' });
      expect(dialog).toHaveAccessibleDescription(
        'You will be signed out and can no longer sign in. The orders you placed stay with the company.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(countCalls(fetchMock, '/api/company/members')).toBe(0);
    });
  });

  describe('Locations', () => {
    it('shows an owner each location with its address, the default marked, and Add, Edit, Make default and Remove', async () => {
      stubApi(ownerTeam());
      await openTeam();
      const locations = within(card('Locations'));

      expect(locations.getByRole('button', { name: 'Add location' })).toBeInTheDocument();

      const main = within(locationRow('Main location'));
      expect(hasVisibleEdge(main.getByText('Default'))).toBe(true);
      expect(main.getByText('1 Main St, Springfield, IL 62701, USA')).toBeInTheDocument();
      expect(main.getByRole('button', { name: 'Edit Main location' })).toBeInTheDocument();
      // The default is neither made the default again nor removed.
      expect(main.queryByRole('button', { name: 'Make default: Main location' })).toBeNull();
      expect(main.queryByRole('button', { name: 'Remove Main location' })).toBeNull();

      const harbour = within(locationRow('Harbour Store'));
      expect(harbour.queryByText('Default')).toBeNull();
      expect(harbour.getByText('Billed at PO Box 7, Portland, ME, 04112, USA')).toBeInTheDocument();
      expect(harbour.getByRole('button', { name: 'Edit Harbour Store' })).toBeInTheDocument();
      expect(harbour.getByRole('button', { name: 'Make default: Harbour Store' })).toBeInTheDocument();
      expect(harbour.getByRole('button', { name: 'Remove Harbour Store' })).toBeInTheDocument();
    });

    it('adds a location: posts the typed fields, billed at the shipping address, then closes and reads again', async () => {
      const added = testLocation({ id: 40, name: 'Dock Shop' });
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/locations': ({ init }) =>
          init?.method === 'POST'
            ? jsonResponse(added, { status: 201 })
            : jsonResponse(locationsResponse(true)),
      });
      await openTeam();
      const reads = callsTo(fetchMock, '/api/company/locations').length;

      fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
      const dialog = screen.getByRole('dialog', { name: 'Add location' });
      expect(checkbox(dialog, 'Same as shipping').checked).toBe(true);
      expect(within(dialog).queryByLabelText('Billing street address')).toBeNull();
      expect(within(dialog).getByLabelText<HTMLInputElement>('Country').value).toBe('USA');
      type(dialog, 'Location name', ' Dock Shop ');
      type(dialog, 'Phone', '555-0199');
      type(dialog, 'Street address', '4 Pier Ave');
      type(dialog, 'City', 'Salem');
      type(dialog, 'State', 'MA');
      type(dialog, 'ZIP code', '01970');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save location' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(changesTo(fetchMock, '/api/company/locations')).toEqual([
        {
          method: 'POST',
          body: {
            name: 'Dock Shop',
            phone: '555-0199',
            shippingAddressLine1: '4 Pier Ave',
            shippingAddressLine2: null,
            shippingCity: 'Salem',
            shippingState: 'MA',
            shippingZip: '01970',
            shippingCountry: 'USA',
            billingSameAsShipping: true,
            billingAddressLine1: null,
            billingAddressLine2: null,
            billingCity: null,
            billingState: null,
            billingZip: null,
            billingCountry: null,
          },
        },
      ]);
      expect(toast.success).toHaveBeenCalledWith('Dock Shop added');
      await waitFor(() => expect(callsTo(fetchMock, '/api/company/locations').length).toBeGreaterThan(reads));
    });

    it("unchecking 'Same as shipping' asks for the billing address; an empty billing street is refused and nothing is sent", async () => {
      const fetchMock = stubApi(ownerTeam());
      await openTeam();

      fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
      const dialog = screen.getByRole('dialog', { name: 'Add location' });
      type(dialog, 'Location name', 'Dock Shop');
      type(dialog, 'Street address', '4 Pier Ave');
      type(dialog, 'City', 'Salem');
      type(dialog, 'State', 'MA');
      type(dialog, 'ZIP code', '01970');
      fireEvent.click(checkbox(dialog, 'Same as shipping'));

      expect(within(dialog).getByLabelText('Billing street address')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Billing city')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Billing state')).toBeInTheDocument();
      type(dialog, 'Billing city', 'Salem');
      type(dialog, 'Billing state', 'MA');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save location' }));

      await waitFor(() =>
        expectFieldProblem('Billing street address', 'Billing street address is required', dialog),
      );
      expect(screen.getByRole('dialog', { name: 'Add location' })).toBe(dialog);
      expect(changesTo(fetchMock, '/api/company/locations')).toEqual([]);
    });

    it('edits a location with its values filled in and PUTs the change', async () => {
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/locations/32': () => jsonResponse({ ...harbourStore, phone: '555-0300' }),
      });
      await openTeam();

      fireEvent.click(screen.getByRole('button', { name: 'Edit Harbour Store' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Harbour Store' });
      expect(within(dialog).getByLabelText<HTMLInputElement>('Street address').value).toBe('9 Quay Rd');
      expect(checkbox(dialog, 'Same as shipping').checked).toBe(false);
      expect(within(dialog).getByLabelText<HTMLInputElement>('Billing street address').value).toBe(
        'PO Box 7',
      );
      type(dialog, 'Phone', '555-0300');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save location' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo(fetchMock, '/api/company/locations/32')).toEqual([
        {
          method: 'PUT',
          body: expect.objectContaining({
            name: 'Harbour Store',
            phone: '555-0300',
            shippingAddressLine1: '9 Quay Rd',
            billingSameAsShipping: false,
            billingAddressLine1: 'PO Box 7',
            billingZip: '04112',
          }) as unknown,
        },
      ]);
      expect(toast.success).toHaveBeenCalledWith('Harbour Store saved');
    });

    it('Make default posts to the location and toasts', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/locations/32/default': done });
      await openTeam();

      fireEvent.click(screen.getByRole('button', { name: 'Make default: Harbour Store' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/locations/32/default')).toEqual([
          { method: 'POST', body: undefined },
        ]),
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Harbour Store is now the default location'),
      );
    });

    it('Remove asks first: Cancel sends nothing, Remove sends DELETE', async () => {
      const fetchMock = stubApi(ownerTeam(), { '/api/company/locations/32': done });
      await openTeam();

      fireEvent.click(screen.getByRole('button', { name: 'Remove Harbour Store' }));
      let dialog = screen.getByRole('dialog', { name: 'Remove Harbour Store?' });
      expect(dialog).toHaveAccessibleDescription(
        'Its orders keep their address. Buyers who ordered only for this location need another one.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(countCalls(fetchMock, '/api/company/locations/')).toBe(0);

      fireEvent.click(screen.getByRole('button', { name: 'Remove Harbour Store' }));
      dialog = screen.getByRole('dialog', { name: 'Remove Harbour Store?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

      await waitFor(() =>
        expect(callsTo(fetchMock, '/api/company/locations/32')).toEqual([
          { method: 'DELETE', body: undefined },
        ]),
      );
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Harbour Store removed'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('says the locations could not be loaded while the people show, and Retry loads them', async () => {
      let fail = true;
      const fetchMock = stubApi(ownerTeam(), {
        '/api/company/locations': () =>
          fail ? errorResponse(500, 'Something went wrong') : jsonResponse(locationsResponse(true)),
      });
      renderApp('/account/team');

      await screen.findByRole('heading', { level: 2, name: 'Locations' });
      const alert = await within(card('Locations')).findByRole('alert');
      expect(alert).toHaveTextContent('Your locations could not be loaded. Please try again.');
      expect(within(rowOf('Sam Buyer')).getByText('Buyer')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add location' })).toBeNull();

      fail = false;
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

      expect(await within(card('Locations')).findByText('Harbour Store')).toBeInTheDocument();
      expect(screen.queryByText('Your locations could not be loaded. Please try again.')).toBeNull();
      expect(callsTo(fetchMock, '/api/company/locations')).toHaveLength(2);
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
