/**
 * The block `npm run bench` writes into README.md ('Performance', between the bench:api markers): each of
 * issue 15's figures beside its target, the order runs against their raw ceiling, the reads against theirs,
 * and the cheap endpoints against bare `node:http` and a bare Fastify route (bench-bare.ts), all measured in
 * the same run.
 */
import os from 'node:os';
import { orderPdfTargetRow, type OrderPdfFigures } from './bench-order-pdf';
import { orderTargetRows, type OrderRun, type OrderSettings } from './bench-orders';
import { markdownTable, wrap, writeReadmeBlock } from './bench-readme';
import { integerFormat, latencyFormat } from './bench-support';

/** One endpoint against both baselines (bench-bare.ts), with its target if it has one. */
export interface BareComparison {
  label: string;
  portal: number;
  /** Bare node:http, and portal / it. */
  bare: number;
  ratio: number;
  /** A bare Fastify route sending the portal's answer headers, and portal / it. */
  fastify: number;
  fastifyRatio: number;
  target?: EndpointTarget;
}

/** A ratio to reach against one of the baselines. */
export interface EndpointTarget {
  against: 'node:http' | 'Fastify';
  ratio: number;
}

/**
 * Issue 15's target for the product list, against bare node:http; issue 30's for cart prices, against a bare
 * Fastify route that sends the portal's answer headers (the node:http ratio stays beside it for reference).
 */
export const ENDPOINT_TARGETS: Readonly<Record<string, EndpointTarget>> = {
  'GET /api/products': { against: 'node:http', ratio: 0.75 },
  'POST /api/calculate-prices': { against: 'Fastify', ratio: 0.9 },
};

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const ratio = (value: number) => `${value.toFixed(2)}×`;

/** [figure, measured, target, met] for every target of the run. */
export function targetRows(
  bare: readonly BareComparison[],
  orders: readonly OrderRun[],
  pdf: OrderPdfFigures,
) {
  const rows: Array<[string, string, string, boolean]> = [];
  for (const endpoint of bare) {
    const { target } = endpoint;
    if (target === undefined) continue;
    const [measured, baseline] =
      target.against === 'Fastify'
        ? [endpoint.fastifyRatio, endpoint.fastify]
        : [endpoint.ratio, endpoint.bare];
    rows.push([
      `\`${endpoint.label}\`, portal / bare ${target.against === 'Fastify' ? 'Fastify route' : 'node:http'}`,
      `${ratio(measured)} (${integerFormat.format(endpoint.portal)} / ${integerFormat.format(baseline)} req/s)`,
      `≥ ${target.ratio}×`,
      measured >= target.ratio,
    ]);
  }
  for (const run of orders) rows.push(...orderTargetRows(run));
  rows.push(orderPdfTargetRow(pdf));
  return rows;
}

export async function writeApiReadme(
  readmePath: string,
  bare: readonly BareComparison[],
  orders: readonly OrderRun[],
  pdf: OrderPdfFigures,
  settings: { rounds: number; seconds: number; orders: OrderSettings },
) {
  const date = new Date().toISOString().slice(0, 10);
  const { orders: orderSettings } = settings;
  await writeReadmeBlock(readmePath, 'api', [
    wrap(
      `\`npm run bench\` on ${date}, ${os.cpus().length} CPUs, Node ${process.version}, the portal at the default ` +
        `log level. Each figure is the median of its rounds, each side measured in the same run, alternating. ` +
        `Orders: ${orderSettings.customers} signed-in customers at once, ${orderSettings.ordersPerCustomer} orders ` +
        `each per round (new customers each round), ${orderSettings.rounds} rounds per side after a warm-up; ` +
        `endpoints: ${settings.rounds} rounds of ${settings.seconds} s, 50 connections. Order PDF: an order of ` +
        `every product (${pdf.lines} lines), one request at a time, ${pdf.settings.rounds} rounds of ` +
        `${pdf.settings.requests}, beside the same order's JSON detail.`,
    ),
    markdownTable(
      ['figure', 'measured', 'target', ''],
      targetRows(bare, orders, pdf).map(([label, value, target, met]) => [
        label,
        value,
        target,
        met ? 'met' : 'missed',
      ]),
    ),
    markdownTable(
      [
        'orders',
        'portal/s',
        'ceiling/s',
        'ratio',
        'p99 ms',
        'Node ms/order',
        'DB ms/order',
        '503',
        'products p99 under load',
        'in database / answered',
      ],
      orders.map((run) => [
        run.database,
        integerFormat.format(run.portal.ordersPerSecond),
        integerFormat.format(run.ceiling.ordersPerSecond),
        ratio(run.ratio),
        latencyFormat.format(run.portal.p99),
        `${ms(run.portal.nodeMsPerOrder)} (ceiling ${ms(run.ceiling.nodeMsPerOrder)})`,
        run.database === 'PGlite'
          ? 'in Node'
          : `${ms(run.portal.databaseMsPerOrder)} (ceiling ${ms(run.ceiling.databaseMsPerOrder)})`,
        String(run.underLoad.unavailable),
        `${latencyFormat.format(run.underLoad.productsP99)} ms`,
        `${integerFormat.format(run.ordersInDatabase ?? 0)} / ${integerFormat.format(run.ordersAnswered)}`,
      ]),
    ),
    markdownTable(
      ['read', 'portal req/s', 'raw query req/s', 'ratio', 'portal p99 ms', 'Node ms/answer'],
      orders.flatMap((run) =>
        run.reads.map((read) => [
          `${read.name}, ${run.database}`,
          integerFormat.format(read.portal.requestsPerSecond),
          integerFormat.format(read.ceiling.requestsPerSecond),
          ratio(read.ratio),
          latencyFormat.format(read.portal.p99),
          `${ms(read.portal.nodeMsPerRequest)} (raw ${ms(read.ceiling.nodeMsPerRequest)})`,
        ]),
      ),
    ),
    markdownTable(
      ['endpoint (PGlite)', 'portal req/s', 'bare node:http req/s', 'ratio', 'bare Fastify req/s', 'ratio'],
      bare.map((endpoint) => [
        `\`${endpoint.label}\``,
        integerFormat.format(endpoint.portal),
        integerFormat.format(endpoint.bare),
        ratio(endpoint.ratio),
        integerFormat.format(endpoint.fastify),
        ratio(endpoint.fastifyRatio),
      ]),
    ),
  ]);
}
