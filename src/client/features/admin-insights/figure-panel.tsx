import { Download, Table2 } from 'lucide-react';
import { Component, lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { downloadText } from '../../lib/download';
import { useNearViewport } from '../../lib/use-near-viewport';
import { figureCsv, type ChartSpec, type Figure, type FigureTable } from './insights-figures';

/**
 * The chart library arrives with the first chart that comes near the screen, in a chunk of its own (ADR
 * 0033): the figures above the charts paint without waiting for it.
 */
const UplotChart = lazy(() => import('./uplot-chart'));

interface FigurePanelProps {
  figure: Figure;
  /** Shown instead of the table when it has no rows. */
  emptyText: string;
  /** Above the chart or table: a summary (the overdue count and total). */
  children?: ReactNode;
}

/**
 * One figure of Insights (docs/admin.md#insights): its heading, its chart when it has one, its table and
 * 'Download CSV'. A chart's table is its text alternative: always in the page for screen readers, and shown
 * to everyone with 'Show table'; a figure without a chart shows its table.
 */
export function FigurePanel({ figure, emptyText, children }: FigurePanelProps) {
  const { table, chart } = figure;
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const showTable = !chart || tableShown || chartFailed;
  const empty = table.rows.length === 0;

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {table.title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {chart && !chartFailed ? (
            <Button
              variant="outline"
              size="sm"
              aria-controls={tableId}
              aria-label={`${tableShown ? 'Hide' : 'Show'} table of ${table.title}`}
              onClick={() => setTableShown((shown) => !shown)}
            >
              <Table2 aria-hidden="true" />
              {tableShown ? 'Hide table' : 'Show table'}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download CSV of ${table.title}`}
            onClick={() => downloadText(table.fileName, figureCsv(table))}
          >
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
      </div>
      {children}
      {chart && !chartFailed ? (
        <div role="img" aria-label={`${chart.description} The figures are in the table “${table.caption}”.`}>
          <ChartBoundary onError={() => setChartFailed(true)}>
            <ChartWhenNear spec={chart} />
          </ChartBoundary>
        </div>
      ) : null}
      {chartFailed ? (
        <p className="text-sm text-muted-foreground">
          The chart could not be shown; the table has its figures.
        </p>
      ) : null}
      {empty ? (
        <p id={tableId} className="py-4 text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <FigureTableView table={table} id={tableId} hidden={!showTable} />
      )}
    </section>
  );
}

/** The chart's place, a skeleton of its height until it comes near the screen and its code has loaded. */
function ChartWhenNear({ spec }: { spec: ChartSpec }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  const skeleton = <Skeleton className="h-[264px] w-full" />;
  return (
    <div ref={place}>
      {near ? (
        <Suspense fallback={skeleton}>
          <UplotChart spec={spec} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}

/**
 * The figure's table. Out of sight (for screen readers only) it is a plain table; in sight it scrolls
 * sideways in a box that takes the keyboard's focus, as a phone may be narrower than its columns.
 */
function FigureTableView({ table, id, hidden }: { table: FigureTable; id: string; hidden: boolean }) {
  const element = (
    <table className="w-full text-sm">
      {/* The table's name; the panel's heading says it to the eye. */}
      <caption className="sr-only">{table.caption}</caption>
      <TableHeader>
        <TableRow>
          {table.columns.map((column) => (
            <TableHead key={column.label} scope="col" className={cn(column.numeric && 'text-right')}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {table.rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {row.map((cell, cellIndex) => {
              const column = table.columns[cellIndex];
              const Cell = cellIndex === 0 ? TableHead : TableCell;
              return (
                <Cell
                  key={column?.label ?? cellIndex}
                  {...(cellIndex === 0 ? { scope: 'row' } : {})}
                  className={cn(
                    cellIndex === 0 && 'text-foreground',
                    column?.numeric && 'text-right whitespace-nowrap tabular-nums',
                  )}
                >
                  {cell.text}
                </Cell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </table>
  );
  if (hidden) {
    return (
      <div id={id} className="sr-only">
        {element}
      </div>
    );
  }
  return (
    <div
      id={id}
      role="group"
      aria-label={table.caption}
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {element}
    </div>
  );
}

/** A chart that fails (its chunk did not load, the canvas is missing) leaves the table in its place. */
class ChartBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
