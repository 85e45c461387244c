/**
 * The order PDF's time for `npm run bench` (issue 20 §3: under 100 ms for an order of every product). One
 * customer places an order of every product the storefront lists; then, one request at a time on one
 * keep-alive connection (what a person clicking 'Download PDF' waits for), the portal is asked for that
 * order's PDF and for its JSON detail (`GET /api/orders/{id}`, the baseline: the same order read and sent
 * without a document), in alternating rounds. Each figure is the median of the rounds; the portal's CPU per
 * answer is read from /proc. `npm run build && BENCH_ONLY=pdf node --import tsx scripts/bench.ts` runs it
 * alone on a fresh PGlite portal, printing its figures and writing nothing.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { everyProductLines } from '../src/server/test/every-product';
import { orderPdfPath } from '../src/shared/orders';
import { IDEMPOTENCY_KEY_HEADER } from '../src/shared/schemas/orders';
import { productListSchema } from '../src/shared/schemas/products';
import { processCpuMs, startCpuMeter } from './bench-cpu';
import { sessionCookie, type Customer } from './bench-orders';
import { median } from './bench-readme';
import { integerFormat, latencyFormat, readPositiveNumber, type Portal } from './bench-support';

/** Issue 20 §3's budget for one order PDF. */
export const ORDER_PDF_BUDGET_MS = 100;

export interface OrderPdfSettings {
  rounds: number;
  /** Requests per side and round, one after another. */
  requests: number;
}

export function readOrderPdfSettings(): OrderPdfSettings {
  return {
    rounds: readPositiveNumber('BENCH_PDF_ROUNDS', 5, { integer: true }),
    requests: readPositiveNumber('BENCH_PDF_REQUESTS', 40, { integer: true }),
  };
}

interface SideFigures {
  p50: number;
  p99: number;
  /** CPU of the portal's process per answer, ms. */
  nodeMs: number | null;
}

export interface OrderPdfFigures {
  lines: number;
  bytes: number;
  settings: OrderPdfSettings;
  pdf: SideFigures;
  detail: SideFigures;
  /** Orders this run placed (the order run counts what the portal's database holds). */
  ordersPlaced: number;
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: readonly number[], fraction: number) => {
  const list = sorted(values);
  return list[Math.min(list.length - 1, Math.floor(fraction * list.length))] ?? NaN;
};

/** GETs `path` `count` times, one after another on `agent`: each answer's ms, and its size. */
async function readInTurn(portal: Portal, agent: http.Agent, path: string, cookie: string, count: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(portal.baseUrl + path, { agent, headers: { cookie } }, (response) => {
          let size = 0;
          response.on('data', (chunk: Buffer) => (size += chunk.length));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(size)
              : reject(new Error(`GET ${path} answered ${response.statusCode}`)),
          );
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
  }
  return { times, bytes };
}

async function placeEveryProductOrder(portal: Portal, cookie: string) {
  const products = productListSchema.parse(await (await fetch(`${portal.baseUrl}/api/products`)).json());
  const orderItems = everyProductLines(products);
  const response = await fetch(`${portal.baseUrl}/api/create-draft-order`, {
    method: 'POST',
    headers: {
      cookie,
      origin: portal.appOrigin,
      'content-type': 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    body: JSON.stringify({
      customer: {
        customerName: 'Bench Buyer',
        customerEmail: 'bench-pdf@bench.example.com',
        businessName: 'Bench Shop',
        shippingAddressLine1: '1 Bench Street',
        city: 'Eugene',
        state: 'OR',
        zip: '97401',
      },
      orderItems,
      poNumber: 'PO-BENCH-1',
    }),
  });
  const body = (await response.json()) as { orderId?: number };
  if (response.status !== 201 || !body.orderId) {
    throw new Error(`The order of every product answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { orderId: body.orderId, lines: orderItems.length };
}

/** The order of every product, then its PDF against its JSON detail, alternating, rounds × requests each. */
export async function benchmarkOrderPdf(
  portal: Portal,
  customer: Customer,
  settings: OrderPdfSettings,
): Promise<OrderPdfFigures> {
  const cookie = sessionCookie(portal, customer.sessionTokens[0] ?? '');
  const { orderId, lines } = await placeEveryProductOrder(portal, cookie);
  const sides = { pdf: orderPdfPath(orderId), detail: `/api/orders/${orderId}` } as const;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rounds = { pdf: [] as number[][], detail: [] as number[][] };
  const cpu = { pdf: [] as Array<number | null>, detail: [] as Array<number | null> };
  let bytes = 0;
  try {
    // Round 0 warms both up and is not counted.
    for (let round = 0; round <= settings.rounds; round += 1) {
      const order = round % 2 === 0 ? (['pdf', 'detail'] as const) : (['detail', 'pdf'] as const);
      for (const side of order) {
        const meter = startCpuMeter(() => processCpuMs(portal.child.pid));
        const result = await readInTurn(portal, agent, sides[side], cookie, settings.requests);
        const nodeMs = meter.stop();
        if (round === 0) continue;
        rounds[side].push(result.times);
        cpu[side].push(nodeMs === null ? null : nodeMs / settings.requests);
        if (side === 'pdf') bytes = result.bytes;
      }
    }
  } finally {
    agent.destroy();
  }
  const figures = (side: 'pdf' | 'detail'): SideFigures => ({
    p50: median(rounds[side].map((times) => percentile(times, 0.5))),
    p99: median(rounds[side].map((times) => percentile(times, 0.99))),
    nodeMs: cpu[side].some((value) => value === null) ? null : median(cpu[side] as number[]),
  });
  return { lines, bytes, settings, pdf: figures('pdf'), detail: figures('detail'), ordersPlaced: 1 };
}

const ms = (value: number) => `${latencyFormat.format(value)} ms`;

/** [figure, measured, target, met], the README's and the summary's row. */
export function orderPdfTargetRow(figures: OrderPdfFigures): [string, string, string, boolean] {
  return [
    'Order PDF, every product (PGlite), p50 / p99',
    `${ms(figures.pdf.p50)} / ${ms(figures.pdf.p99)} (JSON detail ${ms(figures.detail.p50)} / ${ms(figures.detail.p99)})`,
    `< ${ORDER_PDF_BUDGET_MS} ms`,
    figures.pdf.p99 < ORDER_PDF_BUDGET_MS,
  ];
}

export function printOrderPdf(figures: OrderPdfFigures) {
  const { settings } = figures;
  console.log(
    `\nOrder PDF: an order of every product (${figures.lines} lines, ${integerFormat.format(figures.bytes)} bytes), ` +
      `one request at a time, medians of ${settings.rounds} rounds × ${settings.requests} per side`,
  );
  console.log(`${''.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'Node ms'.padStart(8)}`);
  for (const [label, side] of [
    ['PDF', figures.pdf],
    ['JSON detail (baseline)', figures.detail],
  ] as const) {
    console.log(
      `${label.padEnd(22)} ${latencyFormat.format(side.p50).padStart(8)} ${latencyFormat.format(side.p99).padStart(8)} ` +
        `${(side.nodeMs === null ? 'n/a' : side.nodeMs.toFixed(2)).padStart(8)}`,
    );
  }
  const [label, figure, target, met] = orderPdfTargetRow(figures);
  console.log(`${met ? 'met ' : 'MISS'} ${label}: ${figure} (target ${target})`);
}
