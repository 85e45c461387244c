/**
 * What a hostile body costs (issue 29 §3, docs/security.md#input-validation): `POST /api/calculate-prices`
 * with a cart's normal body (answered 200) against a 7 KB body nested 3,500 deep (answered 400 by the
 * input check's depth cap), and a cart the schema refuses (400: what any refusal costs), one request at a time on one keep-alive connection, in alternating rounds after a
 * warm-up round. Each figure is the median of the rounds' medians; the portal's CPU per answer is read from
 * /proc. Before the walk was iterative, the deep body cost 100–190 ms of event loop and 4,000 levels were a
 * 500. `npm run build && BENCH_ONLY=hostile-body node --import tsx scripts/bench.ts` runs it alone on a fresh
 * PGlite portal (about 10 s), printing its figures and writing nothing.
 */
import http from 'node:http';
import { processCpuMs, startCpuMeter } from './bench-cpu';
import { median } from './bench-readme';
import { latencyFormat, readPositiveNumber, type Portal } from './bench-support';

/**
 * The hostile body may take at most this many times as long (median) as a refused cart, the same kind of
 * answer: a 400 with its log line. Against the accepted cart it is printed too; there the difference is
 * what any refusal costs (the error answer and its log line), not the depth.
 */
export const HOSTILE_BODY_CEILING = 1.5;
export const HOSTILE_BODY_DEPTH = 3_500;

export interface HostileBodySettings {
  rounds: number;
  /** Requests per side and round, one after another. */
  requests: number;
}

export function readHostileBodySettings(): HostileBodySettings {
  return {
    rounds: readPositiveNumber('BENCH_HOSTILE_ROUNDS', 7, { integer: true }),
    requests: readPositiveNumber('BENCH_HOSTILE_REQUESTS', 200, { integer: true }),
  };
}

const BODIES = {
  normal: JSON.stringify({
    items: [
      { productId: 1, quantity: 24 },
      { productId: 21, quantity: 12 },
    ],
    totalCases: 3,
  }),
  // A cart the schema refuses: what any 400 costs (the error answer, its log line).
  refused: JSON.stringify({ items: 'none' }),
  // `{"items":[[[ … ]]]}`: about 7 KB, 3,500 levels.
  hostile: `{"items":${'['.repeat(HOSTILE_BODY_DEPTH - 1)}1${']'.repeat(HOSTILE_BODY_DEPTH - 1)}}`,
} as const;
const EXPECTED_STATUS = { normal: 200, refused: 400, hostile: 400 } as const;
type Side = keyof typeof BODIES;

interface SideFigures {
  p50: number;
  /** CPU of the portal's process per answer, ms. */
  nodeMs: number | null;
}

export interface HostileBodyFigures {
  settings: HostileBodySettings;
  hostileBytes: number;
  normal: SideFigures;
  refused: SideFigures;
  hostile: SideFigures;
  /** hostile p50 / refused cart p50: the checked figure. */
  ratio: number;
  /** hostile p50 / normal cart p50. */
  ratioToNormal: number;
}

/** POSTs `side`'s body `count` times, one after another on `agent`: each answer's ms. */
async function postInTurn(portal: Portal, agent: http.Agent, side: Side, count: number) {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        `${portal.baseUrl}/api/calculate-prices`,
        {
          method: 'POST',
          agent,
          headers: { origin: portal.appOrigin, 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === EXPECTED_STATUS[side]
              ? resolve()
              : reject(new Error(`The ${side} body answered ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(BODIES[side]);
    });
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchmarkHostileBody(
  portal: Portal,
  settings: HostileBodySettings,
): Promise<HostileBodyFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const medians: Record<Side, number[]> = { normal: [], refused: [], hostile: [] };
  const cpu: Record<Side, Array<number | null>> = { normal: [], refused: [], hostile: [] };
  try {
    // Round 0 warms both up and is not counted.
    for (let round = 0; round <= settings.rounds; round += 1) {
      const order: readonly Side[] =
        round % 2 === 0 ? ['normal', 'refused', 'hostile'] : ['hostile', 'refused', 'normal'];
      for (const side of order) {
        const meter = startCpuMeter(() => processCpuMs(portal.child.pid));
        const times = await postInTurn(portal, agent, side, settings.requests);
        const nodeMs = meter.stop();
        if (round === 0) continue;
        medians[side].push(median(times));
        cpu[side].push(nodeMs === null ? null : nodeMs / settings.requests);
      }
    }
  } finally {
    agent.destroy();
  }
  const figures = (side: Side): SideFigures => ({
    p50: median(medians[side]),
    nodeMs: cpu[side].some((value) => value === null) ? null : median(cpu[side] as number[]),
  });
  const normal = figures('normal');
  const hostile = figures('hostile');
  const refused = figures('refused');
  return {
    settings,
    hostileBytes: Buffer.byteLength(BODIES.hostile),
    normal,
    refused,
    hostile,
    ratio: hostile.p50 / refused.p50,
    ratioToNormal: hostile.p50 / normal.p50,
  };
}

export function printHostileBody(figures: HostileBodyFigures) {
  const { settings } = figures;
  console.log(
    `\nHostile body: POST /api/calculate-prices, a cart (200) against ${figures.hostileBytes} bytes nested ` +
      `${HOSTILE_BODY_DEPTH} deep (400), one request at a time, medians of ${settings.rounds} rounds × ` +
      `${settings.requests} per side`,
  );
  console.log(`${''.padEnd(24)} ${'p50 ms'.padStart(8)} ${'Node ms'.padStart(8)}`);
  for (const [label, side] of [
    ['nested 3,500 deep', figures.hostile],
    ['normal cart (baseline)', figures.normal],
    ['refused cart (400)', figures.refused],
  ] as const) {
    console.log(
      `${label.padEnd(24)} ${latencyFormat.format(side.p50).padStart(8)} ` +
        `${(side.nodeMs === null ? 'n/a' : side.nodeMs.toFixed(3)).padStart(8)}`,
    );
  }
  const met = figures.ratio <= HOSTILE_BODY_CEILING;
  console.log(
    `${met ? 'met ' : 'MISS'} hostile / refused cart: ${figures.ratio.toFixed(2)}× (ceiling ≤ ${HOSTILE_BODY_CEILING}×); ` +
      `hostile / accepted cart: ${figures.ratioToNormal.toFixed(2)}×`,
  );
}
