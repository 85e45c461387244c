// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InsightsSection } from '../../routes/admin/sections/insights-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { countCalls, errorResponse, jsonResponse, stubFetch } from '../../test-support/stub-fetch';
import * as download from '../../lib/download';
import { buildInsights } from './insights-test-support';

/*
 * The Insights section (docs/admin.md#insights). The charts draw on a canvas, which happy-dom has not: the
 * chart module is replaced by a stand-in that lists what it was asked to draw; the browser journey
 * (tests/e2e/insights.spec.ts) draws the real ones.
 */
vi.mock('./uplot-chart', () => ({
  default: ({ spec }: { spec: { labels: string[] } }) => <p data-testid="chart">{spec.labels.join(' | ')}</p>,
}));

registerCartTestHooks();

/**
 * A chart loads when its place comes near the screen (lib/use-near-viewport.ts). The stand-in observer
 * reports every element it is given as on screen once `reveal()` is called; until then none is.
 */
const observed = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
function reveal() {
  for (const { callback, elements } of observed) {
    callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  }
}
beforeEach(() => {
  observed.clear();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry;
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] as Element[] };
        observed.add(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        observed.delete(this.entry);
      }
    },
  );
});

const PATH = '/api/admin/insights';

describe('InsightsSection', () => {
  it("shows 'Loading insights...', then the figures as of the server's moment", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ [PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<InsightsSection />);
    expect(screen.getByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(await screen.findByText('Loading insights...')).toBeInTheDocument();

    answer(jsonResponse(buildInsights()));
    await screen.findByText('Orders', { selector: 'dt' });
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Orders')).toBe('3'));
    expect(value('Revenue')).toBe('$1,500.50');
    expect(value('Average order value')).toBe('$500.17');
    expect(value('Oldest pending order')).toBe('7 days');
    expect(screen.getByText('WO-1007, Alder Apothecary')).toBeInTheDocument();
    expect(value('Oldest pending registration')).toBe('2 days');
    expect(screen.getByText('Cedar Corner: past the 48-hour review')).toBeInTheDocument();
    expect(value('Overdue payments')).toBe('1');
    expect(screen.getByText('$410.50 in 1 order')).toBeInTheDocument();
  });

  it('gives each chart a text alternative and its table, shown on request, and each figure a CSV', async () => {
    stubFetch({ [PATH]: () => jsonResponse(buildInsights()) });
    const save = vi.spyOn(download, 'downloadText').mockImplementation(() => undefined);
    renderWithProviders(<InsightsSection />);

    const weekly = await screen.findByRole('region', { name: 'Orders and revenue per week' });
    expect(within(weekly).getByRole('img').getAttribute('aria-label')).toBe(
      'Orders and revenue per week, last 12 weeks: revenue as bars, orders as a line. The figures are in the ' +
        'table “Orders and revenue per week, last 12 weeks (weeks start on Monday, UTC)”.',
    );
    // The chart's code is asked for only once its place comes near the screen.
    expect(within(weekly).queryByTestId('chart')).toBeNull();
    act(reveal);
    expect(await within(weekly).findByTestId('chart')).toHaveTextContent(/^Dec 16 \| .* \| Mar 3$/);
    // The table is there for screen readers all along, and shown to everyone on request.
    const table = within(weekly).getByRole('table', {
      name: 'Orders and revenue per week, last 12 weeks (weeks start on Monday, UTC)',
    });
    expect(table.closest('.sr-only')).not.toBeNull();
    const toggle = within(weekly).getByRole('button', { name: 'Show table of Orders and revenue per week' });
    fireEvent.click(toggle);
    expect(table.closest('.sr-only')).toBeNull();
    expect(within(weekly).getByRole('button', { name: 'Hide table of Orders and revenue per week' })).toBe(
      toggle,
    );
    const lastRow = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastRow).getByRole('rowheader')).toHaveTextContent('Mar 3, 2031');
    expect(
      within(lastRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '$300.00']);

    fireEvent.click(
      within(weekly).getByRole('button', { name: 'Download CSV of Orders and revenue per week' }),
    );
    expect(save).toHaveBeenCalledWith('insights-orders-per-week-2031-03-05.csv', expect.any(String));
    expect(save.mock.calls[0]?.[1].split('\r\n').at(-2)).toBe('2031-03-03,1,300.00');

    // Figures without a chart show their table.
    const top = screen.getByRole('region', { name: 'Top 10 customers' });
    expect(within(top).queryByRole('img')).toBeNull();
    expect(within(top).getByRole('table').closest('.sr-only')).toBeNull();
    expect(within(top).getByRole('rowheader')).toHaveTextContent('=Birch, "Beauty"');
    for (const name of ['Orders per volume tier', 'Order pipeline', 'Overdue payments']) {
      expect(screen.getByRole('button', { name: `Download CSV of ${name}` })).toBeEnabled();
    }
  });

  it('says when there are no orders yet, keeping the registrations waiting', async () => {
    stubFetch({
      [PATH]: () =>
        jsonResponse(
          buildInsights({
            lastOrderAt: null,
            topCustomers: [],
            oldestPendingOrder: null,
            overdue: { count: 0, total: '0.00', orders: [] },
            totals: { orders: 0, revenue: '0.00', averageOrderValue: null },
            credit: { openBalance: '0.00', overLimit: [], onHold: [] },
          }),
        ),
    });
    renderWithProviders(<InsightsSection />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('No order is waiting for approval.')).toBeInTheDocument();
    expect(screen.getByText('Cedar Corner: past the 48-hour review')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when a list is empty', async () => {
    stubFetch({
      [PATH]: () =>
        jsonResponse(buildInsights({ topCustomers: [], overdue: { count: 0, total: '0.00', orders: [] } })),
    });
    renderWithProviders(<InsightsSection />);
    expect(await screen.findByText('No orders in the last 12 weeks.')).toBeInTheDocument();
    expect(screen.getByText('No payment is overdue.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is overdue.')).toBeInTheDocument();
  });

  it('shows the credit exposure: the open balance, the companies over their limit and those with orders on hold', async () => {
    stubFetch({ [PATH]: () => jsonResponse(buildInsights()) });
    renderWithProviders(<InsightsSection />);
    const card = await screen.findByRole('region', { name: 'Credit exposure' });
    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Total open balance')).toBe('$7,834.00');
    expect(value('Over their credit limit')).toBe('1');
    expect(within(card).getByText('companies, $234.00 over in all')).toBeInTheDocument();
    expect(value('Orders on hold')).toBe('1');
    expect(within(card).getByText('$620.00 at 1 company')).toBeInTheDocument();

    const over = within(card).getByRole('table', {
      name: 'Companies over their credit limit, largest excess first',
    });
    const [overRow] = within(over).getAllByRole('row').slice(1);
    expect(within(overRow!).getByRole('rowheader')).toHaveTextContent('Dune Drugstore');
    expect(
      within(overRow!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$5,000.00', '$5,234.00', '$234.00']);
    const held = within(card).getByRole('table', { name: 'Companies with orders on hold' });
    expect(
      within(within(held).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '$620.00']);
    // Nothing in them takes the focus: their scrolling boxes do, so a keyboard can scroll them on a phone.
    for (const table of [over, held]) {
      const box = table.parentElement!;
      expect(box).toHaveAttribute('tabindex', '0');
      expect(box).toHaveAccessibleName(table.getAttribute('aria-label')!);
    }
    // The pipeline counts the held orders too.
    const pipeline = screen.getByRole('region', { name: 'Order pipeline' });
    expect(within(pipeline).getByRole('rowheader', { name: 'On hold' })).toBeInTheDocument();
  });

  it('says when no company is over its limit and no order is on hold', async () => {
    stubFetch({
      [PATH]: () =>
        jsonResponse(buildInsights({ credit: { openBalance: '0.00', overLimit: [], onHold: [] } })),
    });
    renderWithProviders(<InsightsSection />);
    const card = await screen.findByRole('region', { name: 'Credit exposure' });
    expect(within(card).getByText('No company is over its credit limit.')).toBeInTheDocument();
    expect(within(card).getByText('No order is on hold.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it("shows the server's message with Retry when the figures cannot be loaded, and Refresh asks again", async () => {
    let fail = true;
    const fetchMock = stubFetch({
      [PATH]: () =>
        fail ? errorResponse(503, 'The database is not answering.') : jsonResponse(buildInsights()),
    });
    renderWithProviders(<InsightsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load insights: The database is not answering.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Order pipeline' })).toBeInTheDocument();
    expect(countCalls(fetchMock, PATH)).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(countCalls(fetchMock, PATH)).toBe(3));
  });
});
