import { describe, expect, it } from 'vitest';
import {
  figureCsv,
  formatAge,
  isPastReviewTime,
  overdueFigure,
  pipelineFigure,
  tierFigure,
  topCustomersFigure,
  weeklyFigure,
} from './insights-figures';
import { buildInsights } from './insights-test-support';

const data = buildInsights();
const shown = (rows: Array<Array<{ text: string }>>) => rows.map((row) => row.map((cell) => cell.text));

describe('Insights figures (docs/admin.md#insights)', () => {
  it('draws, shows and exports the same weeks: days as sent (never moved by a time zone), decimals in the CSV', () => {
    const { table, chart } = weeklyFigure(data);
    expect(table.rows).toHaveLength(12);
    expect(shown(table.rows).at(0)).toEqual(['Dec 16, 2030', '0', '$0.00']);
    expect(shown(table.rows).at(-1)).toEqual(['Mar 3, 2031', '1', '$300.00']);
    expect(chart?.labels.at(0)).toBe('Dec 16');
    expect(chart?.series.map((series) => [series.label, series.style, series.values.slice(-2)])).toEqual([
      ['Revenue', 'bars', [1200.5, 300]],
      ['Orders', 'line', [2, 1]],
    ]);
    expect(table.fileName).toBe('insights-orders-per-week-2031-03-05.csv');
    const lines = figureCsv(table).split('\r\n');
    expect(lines[0]).toBe('\uFEFFWeek starting,Orders,Revenue');
    expect(lines[11]).toBe('2031-02-24,2,1200.50');
    expect(lines[12]).toBe('2031-03-03,1,300.00');
    expect(lines[13]).toBe('');
  });

  it('writes tiers with their first case count, a dash for the rows that are not a tier', () => {
    const { table, chart } = tierFigure(data);
    expect(shown(table.rows)).toEqual([
      ['Starter', '1', '1', '$300.00'],
      ['Distributor', '5', '2', '$1,200.50'],
      ['No tier', '—', '0', '$0.00'],
    ]);
    expect(figureCsv(table)).toContain('\r\nNo tier,,0,0.00\r\n');
    expect(chart?.series[0]?.values).toEqual([1, 2, 0]);
  });

  it('names the pipeline stages, held orders as On hold, delivered with its period', () => {
    const { table, chart } = pipelineFigure(data);
    expect(shown(table.rows)).toEqual([
      ['Pending', '4'],
      ['On hold', '1'],
      ['Processing', '2'],
      ['Shipped', '1'],
      ['Delivered (last 12 weeks)', '12'],
    ]);
    expect(chart?.labels).toEqual(['Pending', 'On hold', 'Processing', 'Shipped', 'Delivered']);
    expect(chart?.series[0]?.values).toEqual([4, 1, 2, 1, 12]);
  });

  it('exports the top customers and overdue payments with formulas neutralised and commas quoted', () => {
    const top = topCustomersFigure(data);
    expect(top.chart).toBeUndefined();
    expect(figureCsv(top.table).split('\r\n')[1]).toBe(
      `"'=Birch, ""Beauty""",Kim Birch,2,1200.50,2031-03-04T09:30:00.000Z`,
    );
    const overdue = overdueFigure(data);
    expect(figureCsv(overdue.table).split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFOrder,Business,Amount,Due date,Days overdue',
      'WO-1005,Dune Drugstore,410.50,2031-02-23T12:00:00.000Z,10',
    ]);
  });

  it.each([
    ['2031-03-05T11:59:30Z', 'less than a minute'],
    ['2031-03-05T11:59:00Z', '1 minute'],
    ['2031-03-05T11:01:00Z', '59 minutes'],
    ['2031-03-05T11:00:00Z', '1 hour'],
    ['2031-03-03T12:00:01Z', '47 hours'],
    ['2031-03-03T12:00:00Z', '2 days'],
    ['2031-02-26T12:00:00Z', '7 days'],
    ['2031-03-06T12:00:00Z', 'less than a minute'],
  ])('an age from %s to noon on 5 March is %s', (from, age) => {
    expect(formatAge(from, '2031-03-05T12:00:00Z')).toBe(age);
  });

  it('tells a registration past its 48-hour review', () => {
    expect(isPastReviewTime('2031-03-03T12:00:00Z', '2031-03-05T12:00:00Z')).toBe(false);
    expect(isPastReviewTime('2031-03-03T11:59:00Z', '2031-03-05T12:00:00Z')).toBe(true);
  });
});
