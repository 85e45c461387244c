// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_PROBLEM_NOT_FOUND,
  SEND_AGAIN_MESSAGE,
  UNREADABLE_DELIVERY,
  type DeliveryProblem,
  type DeliveryProblemsResponse,
} from '../../../shared/schemas/admin-delivery';
import { toast } from '../../lib/toast';
import { DeliverySection } from '../../routes/admin/sections/delivery-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';

/** The 'Delivery problems' section (docs/admin.md#delivery-problems, issue 18). */

registerCartTestHooks();

const LIST_PATH = '/api/admin/delivery-problems';
const sendAgainPath = (id: number) => `${LIST_PATH}/${id}/send-again`;

const LONG_ERROR =
  '550 5.1.1 <gone@shop.test>: Recipient address rejected: User unknown in virtual mailbox table. ' +
  'The mailbox you tried to reach does not exist here; check the address for typing errors and try again.';

function buildProblem(overrides: Partial<DeliveryProblem> = {}): DeliveryProblem {
  return {
    id: 7,
    kind: 'E-mail',
    subject: 'Your order WO-1012 has shipped',
    recipient: 'jane@shop.test',
    unreadable: false,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    attempts: 23,
    queuedAt: '2031-03-03T08:15:00.000Z',
    failedAt: '2031-03-05T08:16:00.000Z',
    ...overrides,
  };
}

const shipped = buildProblem();
const signInLink = buildProblem({
  id: 5,
  kind: 'Sign-in link',
  subject: null,
  recipient: 'sam@mist.test',
  lastError: LONG_ERROR,
  attempts: 19,
  queuedAt: '2031-03-02T10:00:00.000Z',
  failedAt: '2031-03-04T10:01:00.000Z',
});
const approval = buildProblem({
  id: 3,
  kind: 'Approval e-mail',
  subject: 'Your wholesale account is approved',
  recipient: 'lee@dew.test',
  lastError: null,
  attempts: 1,
});

const listOf = (problems: DeliveryProblem[], total = problems.length): DeliveryProblemsResponse => ({
  problems,
  total,
});

type Handlers = Parameters<typeof stubFetch>[0];

/** The list the server holds; 'Send again' (unless a handler says otherwise) takes a problem out of it. */
function stubDeliveryApi(initial: DeliveryProblem[], handlers: Handlers = {}) {
  const state = { problems: initial };
  const sendAgain: Handlers = {};
  for (const problem of initial) {
    sendAgain[sendAgainPath(problem.id)] = () => {
      state.problems = state.problems.filter((stored) => stored.id !== problem.id);
      return jsonResponse({ message: SEND_AGAIN_MESSAGE });
    };
  }
  const fetchMock = stubFetch({
    [LIST_PATH]: () => jsonResponse(listOf(state.problems)),
    ...sendAgain,
    ...handlers,
  });
  return { state, fetchMock };
}

const listLoads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input) === LIST_PATH).length;

const postsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => requestUrl(input) === path && init?.method === 'POST');

/** The table's rows, without the header row. */
async function findRows() {
  const table = await screen.findByRole('table', { name: 'Delivery problems' });
  return within(table).getAllByRole('row').slice(1);
}

function findRow(recipient: string) {
  return waitFor(() => {
    const row = within(screen.getByRole('table', { name: 'Delivery problems' }))
      .getAllByRole('row')
      .find((candidate) => within(candidate).queryByText(recipient));
    if (!row) throw new Error(`no row for ${recipient}`);
    return row;
  });
}

const sendAgainButton = (row: HTMLElement) =>
  within(row).getByRole<HTMLButtonElement>('button', { name: /^Send again|^Sending/ });

const shownTime = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

describe('DeliverySection', () => {
  it("shows the heading, 'Loading delivery problems...' and then each problem with its details", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ [LIST_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<DeliverySection />);

    expect(screen.getByRole('heading', { level: 1, name: 'Delivery problems' })).toBeInTheDocument();
    expect(screen.getByText(/E-mails the portal could not deliver after retrying them/)).toBeInTheDocument();
    expect(await screen.findByText('Loading delivery problems...')).toBeInTheDocument();

    answer(jsonResponse(listOf([shipped, signInLink, approval])));
    const rows = await findRows();
    expect(rows).toHaveLength(3);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Kind',
      'Recipient',
      'Subject',
      'Last error',
      'Attempts',
      'Queued',
      'Given up',
      'Actions',
    ]);

    const first = within(rows[0]!);
    expect(first.getByText('E-mail')).toBeInTheDocument();
    expect(first.getByText('jane@shop.test')).toBeInTheDocument();
    expect(first.getByText('Your order WO-1012 has shipped')).toBeInTheDocument();
    expect(first.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    const cells = [...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(4, 7)).toEqual(['23', shownTime(shipped.queuedAt), shownTime(shipped.failedAt)]);
    expect(first.getByRole('button', { name: 'Send again (E-mail to jane@shop.test)' })).toBeEnabled();

    // A link e-mail is written when sent: no subject.
    const link = within(rows[1]!);
    expect(link.getByText('Sign-in link')).toBeInTheDocument();
    expect(link.getByText('sam@mist.test')).toBeInTheDocument();
    expect(rows[1]!.querySelectorAll('td')[2]?.textContent).toBe('—');

    const noError = within(rows[2]!);
    expect(noError.getByText('Approval e-mail')).toBeInTheDocument();
    expect(rows[2]!.querySelectorAll('td')[3]?.textContent).toBe('—');
    expect(screen.queryByText(/Showing the newest/)).toBeNull();
  });

  it("cuts a long error to two lines, with the whole text in its title and behind 'Show full error'", async () => {
    stubDeliveryApi([signInLink]);
    renderWithProviders(<DeliverySection />);
    const row = await findRow('sam@mist.test');

    const error = within(row).getByText(LONG_ERROR);
    expect(error).toHaveAttribute('title', LONG_ERROR);
    expect(error.className).toContain('line-clamp-2');
    const toggle = within(row).getByRole('button', { name: 'Show full error' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', error.id);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.textContent).toBe('Show less');
    expect(error.className).not.toContain('line-clamp-2');
  });

  it("shows 'Details unreadable' for the recipient of an e-mail whose stored job no longer reads as its kind", async () => {
    const unreadable = buildProblem({
      id: 9,
      kind: 'Approval e-mail',
      subject: null,
      recipient: null,
      unreadable: true,
    });
    stubDeliveryApi([unreadable]);
    renderWithProviders(<DeliverySection />);
    const [row] = await findRows();
    expect(within(row!).getByText('Approval e-mail')).toBeInTheDocument();
    expect(row!.querySelectorAll('td')[1]?.textContent).toBe(UNREADABLE_DELIVERY);
    expect(row!.querySelectorAll('td')[2]?.textContent).toBe('—');
  });

  it('says how many there are when the server sends only the newest 200', async () => {
    stubFetch({ [LIST_PATH]: () => jsonResponse(listOf([shipped, signInLink], 350)) });
    renderWithProviders(<DeliverySection />);
    expect(await screen.findByText('Showing the newest 2 of 350.')).toBeInTheDocument();
  });

  it("says 'Every e-mail was delivered.' when there are none", async () => {
    stubDeliveryApi([]);
    renderWithProviders(<DeliverySection />);
    expect(await screen.findByText('Every e-mail was delivered.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("sends an e-mail again: POST to its address, disabled while it runs, 'Success', and the row leaves", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { state, fetchMock } = stubDeliveryApi([shipped, signInLink, approval], {
      [sendAgainPath(shipped.id)]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<DeliverySection />);
    const button = sendAgainButton(await findRow('jane@shop.test'));
    button.focus();

    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.textContent).toContain('Sending…');
    expect(postsTo(fetchMock, sendAgainPath(shipped.id))).toHaveLength(1);
    // Nothing else is asked of the server: no body.
    expect(postsTo(fetchMock, sendAgainPath(shipped.id))[0]?.[1]?.body).toBeUndefined();

    state.problems = [signInLink, approval];
    answer(jsonResponse({ message: SEND_AGAIN_MESSAGE }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: SEND_AGAIN_MESSAGE }),
    );
    await waitFor(() => expect(screen.queryByText('jane@shop.test')).toBeNull());
    // The list is asked for again, and still holds the other two.
    await waitFor(() => expect(listLoads(fetchMock)).toBe(2));
    expect(await findRows()).toHaveLength(2);
    expect(screen.getByText('sam@mist.test')).toBeInTheDocument();
    // The keyboard carries on from the row that took its place.
    await waitFor(() => expect(document.activeElement).toBe(sendAgainButton(screen.getAllByRole('row')[1]!)));
    expect(document.activeElement?.textContent).toContain('Sign-in link to sam@mist.test');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('moves the focus to the row before when the last row leaves, and to the heading when none is left', async () => {
    stubDeliveryApi([shipped, approval]);
    renderWithProviders(<DeliverySection />);

    const last = sendAgainButton(await findRow('lee@dew.test'));
    last.focus();
    fireEvent.click(last);
    await waitFor(() => expect(screen.queryByText('lee@dew.test')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(sendAgainButton(screen.getAllByRole('row')[1]!)));

    fireEvent.click(document.activeElement!);
    expect(await screen.findByText('Every e-mail was delivered.')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Delivery problems' })),
    );
    expect(toast.success).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message when the e-mail is no longer a delivery problem (404), and the list reloads", async () => {
    const { state, fetchMock } = stubDeliveryApi([shipped, signInLink], {
      [sendAgainPath(shipped.id)]: () => {
        // Sent again by another administrator meanwhile.
        state.problems = [signInLink];
        return errorResponse(404, DELIVERY_PROBLEM_NOT_FOUND);
      },
    });
    renderWithProviders(<DeliverySection />);

    fireEvent.click(sendAgainButton(await findRow('jane@shop.test')));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: DELIVERY_PROBLEM_NOT_FOUND }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('jane@shop.test')).toBeNull());
    expect(listLoads(fetchMock)).toBe(2);
    expect(await findRow('sam@mist.test')).toBeTruthy();
  });

  it("says 'Failed to send the e-mail again' when the server gives no reason, and keeps the row", async () => {
    let fail: (error: Error) => void = () => undefined;
    stubDeliveryApi([shipped], {
      [sendAgainPath(shipped.id)]: () => new Promise<Response>((_, reject) => (fail = reject)),
    });
    renderWithProviders(<DeliverySection />);
    const button = sendAgainButton(await findRow('jane@shop.test'));
    button.focus();

    fireEvent.click(button);
    // A browser drops the focus of a button that becomes disabled; happy-dom keeps it (and ignores blur()
    // once it is disabled).
    button.blur();
    await waitFor(() => expect(button).toBeDisabled());
    expect(document.activeElement).toBe(document.body);
    fail(new TypeError('Failed to fetch'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to send the e-mail again' }),
    );
    const again = sendAgainButton(await findRow('jane@shop.test'));
    await waitFor(() => expect(again).toBeEnabled());
    expect(again.textContent).toContain('Send again');
    expect(document.activeElement).toBe(again);
  });

  it('shows an error block with Retry when the list cannot be loaded, and loads again on Retry', async () => {
    let fail = true;
    stubFetch({
      [LIST_PATH]: () =>
        fail ? errorResponse(500, 'Database unavailable') : jsonResponse(listOf([shipped])),
    });
    renderWithProviders(<DeliverySection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load delivery problems: Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findRow('jane@shop.test')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks the problems into a list on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    const { fetchMock } = stubDeliveryApi([shipped, signInLink]);
    renderWithProviders(<DeliverySection />);

    const list = await screen.findByRole('list', { name: 'Delivery problems' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const card = within(items[0]!);
    expect(card.getByText('E-mail')).toBeInTheDocument();
    expect(card.getByText('jane@shop.test')).toBeInTheDocument();
    expect(card.getByText('Your order WO-1012 has shipped')).toBeInTheDocument();
    expect(card.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(card.getByText('Given up').nextElementSibling?.textContent).toBe(shownTime(shipped.failedAt));

    fireEvent.click(card.getByRole('button', { name: /^Send again/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(postsTo(fetchMock, sendAgainPath(shipped.id))).toHaveLength(1);
  });
});
