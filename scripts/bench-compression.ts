/**
 * Compressed API answers for `npm run bench` (see bench.ts): do they help a phone, and what do they cost
 * the server? For each larger answer (order history, the admin orders list, the orders CSV):
 *
 * - bytes on the wire (status line, headers and body) as the portal sends them without and with
 *   compression, and what they cost to transfer on Lighthouse's mobile profile (transferMs below);
 * - requests/s of the same portal with `Accept-Encoding: identity` and with a browser's
 *   `gzip, deflate, br, zstd`, in alternating rounds (paired, so a noisy neighbour hurts both alike),
 *   and the portal's CPU time per request in each run (from /proc, all its threads, so the zlib work on
 *   libuv's pool counts): on a shared machine requests/s follow the neighbours, CPU per request much less.
 *   The medians of the per-round ratios are the figures to read;
 * - the CPU time of compressing the body once, here, as the portal does (median of 50).
 *
 * The portal compresses with node:zlib (plugins/api-compression.ts). If it did not (the plugin removed),
 * the byte counts fall back to node:zlib copies of the same bytes at the same settings and the throughput
 * comparison is skipped, so the sizes can still be judged.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { ADMIN_ORDERS_EXPORT_PATH } from '../src/shared/schemas/admin-orders';
import { BENCH_ADMIN_PASSWORD, integerFormat, latencyFormat, type Portal } from './bench-support';

/** A browser's Accept-Encoding (Chromium 13x). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const IDENTITY = 'identity';

/**
 * Lighthouse's mobile profile as its simulator (Lantern, `mobileSlow4G`) models it: 150 ms round trip,
 * 1.6 × 1024 kbit/s, 1,460-byte TCP segments, a congestion window that doubles per round trip up to the
 * bandwidth-delay product (21 segments, 30,660 bytes).
 */
const RTT_MS = 150;
const THROUGHPUT_KBITS = 1.6 * 1024;
const SEGMENT_BYTES = 1460;
const MAX_WINDOW_BYTES =
  Math.floor((((THROUGHPUT_KBITS * 1000) / 8) * (RTT_MS / 1000)) / SEGMENT_BYTES) * SEGMENT_BYTES;

/**
 * Time to fetch `bytes` on an open connection whose window is already at its maximum (the page's scripts
 * came over it first), server time left out: Lantern's TCPConnection.simulateDownloadUntil for a warm
 * HTTP/1.1 connection. The request and the first window take one round trip, each further window one more.
 */
export function transferMs(bytes: number): number {
  return RTT_MS * Math.max(1, Math.ceil(bytes / MAX_WINDOW_BYTES));
}

/** The same at the link's bandwidth alone (no round trips per window): the lower bound of a real link. */
export function bandwidthMs(bytes: number): number {
  return RTT_MS + (bytes * 8) / THROUGHPUT_KBITS;
}

export interface CompressionCase {
  name: string;
  path: string;
  cookie: string;
  /** Fewer connections than the settings' for a heavy answer that is never asked for by many at once. */
  connections?: number;
}

export interface CompressionSettings {
  rounds: number;
  /** Concurrent connections per run. */
  connections: number;
  seconds: number;
  /** Unmeasured requests per side first (0: none); a count, as one CSV export can take over a second. */
  warmupRequests: number;
}

/** How bench.ts runs autocannon (it tracks the running load for Ctrl-C) and judges its result. */
export interface LoadRunner {
  run(options: autocannon.Options): Promise<autocannon.Result>;
  problems(result: autocannon.Result): string[];
}

interface WireAnswer {
  status: number;
  coding: string;
  headerBytes: number;
  body: Buffer;
}

interface Sizes {
  identity: number;
  br: number;
  gzip: number;
  /** 'portal' when the portal compressed; 'node:zlib' when these are copies made here. */
  source: 'portal' | 'node:zlib';
}

/** One side of the comparison, one value per round. */
interface Side {
  requestsPerSecond: number[];
  p50: number[];
  /** The portal's CPU milliseconds per completed request; empty where /proc cannot be read. */
  cpuMsPerRequest: number[];
}

interface Throughput {
  identity: Side;
  compressed: Side;
  /** Per round: compressed ÷ identity, for requests/s and for CPU per request. */
  ratios: { requestsPerSecond: number[]; cpuMsPerRequest: number[] };
}

/** CPU milliseconds to compress the identity body once, as the portal does. */
interface CompressCost {
  br: number;
  gzip: number;
}

export interface CompressionSummary {
  testCase: CompressionCase;
  sizes: Sizes;
  compressCost: CompressCost;
  throughput: Throughput | null;
  problems: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** One GET with its raw bytes: Node's fetch would add its own Accept-Encoding and decode the body. */
function getRaw(url: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headerLines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          headerLines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
        }
        resolve({
          status: response.statusCode ?? 0,
          coding: String(response.headers['content-encoding'] ?? IDENTITY),
          headerBytes: Buffer.byteLength(headerLines.join('\r\n') + '\r\n\r\n'),
          body: Buffer.concat(chunks),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Signs the portal's first administrator in (bench-support.ts sets the password) and returns the cookie. */
export async function signInAdmin(portal: Portal): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { origin: portal.appOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Administrator sign-in answered ${response.status}`);
  return cookie;
}

/** The portal's answers the admin orders page and the CSV export give, for an administrator. */
export function adminCases(cookie: string): CompressionCase[] {
  return [
    { name: 'Admin orders list (20 a page)', path: '/api/admin/orders', cookie },
    // An export of every order is a second of CPU on PGlite: ten at once would each wait longer than a
    // round on a slow machine, and staff export one at a time.
    { name: 'Orders CSV export (every order)', path: ADMIN_ORDERS_EXPORT_PATH, cookie, connections: 2 },
  ];
}

const zlibCopies = {
  br: (body: Buffer) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 6 }),
};

async function measureSizes(
  portal: Portal,
  testCase: CompressionCase,
): Promise<{ sizes: Sizes; identityBody: Buffer }> {
  const url = portal.baseUrl + testCase.path;
  const ask = async (acceptEncoding: string) => {
    const answer = await getRaw(url, { cookie: testCase.cookie, 'accept-encoding': acceptEncoding });
    if (answer.status !== 200) throw new Error(`${testCase.path} answered ${answer.status}`);
    return answer;
  };
  const identity = await ask(IDENTITY);
  const br = await ask('br');
  const gzipped = await ask('gzip');
  const wire = (answer: WireAnswer) => answer.headerBytes + answer.body.length;
  if (br.coding === 'br' && gzipped.coding === 'gzip') {
    const sizes: Sizes = { identity: wire(identity), br: wire(br), gzip: wire(gzipped), source: 'portal' };
    return { sizes, identityBody: identity.body };
  }
  // The portal does not compress: the same headers with a copy made here, plus Content-Encoding and Vary.
  const extraHeaders = Buffer.byteLength('content-encoding: gzip\r\nvary: accept-encoding\r\n');
  const headers = identity.headerBytes + extraHeaders;
  const sizes: Sizes = {
    identity: wire(identity),
    br: headers + (await zlibCopies.br(identity.body)).length,
    gzip: headers + (await zlibCopies.gzip(identity.body)).length,
    source: 'node:zlib',
  };
  return { sizes, identityBody: identity.body };
}

/** Median CPU time of compressing `body` once with each coding, at the portal's settings. */
function measureCompressCost(body: Buffer): CompressCost {
  const cpuMs = (compress: () => void) => {
    const samples: number[] = [];
    for (let sample = 0; sample < 50; sample += 1) {
      const before = process.cpuUsage();
      compress();
      const used = process.cpuUsage(before);
      samples.push((used.user + used.system) / 1000);
    }
    return median(samples);
  };
  return {
    br: cpuMs(() => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })),
    gzip: cpuMs(() => gzipSync(body, { level: 6 })),
  };
}

/** Linux's clock ticks per second for /proc/<pid>/stat (`getconf CLK_TCK`, 100 on every usual build). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU milliseconds a process has used so far, all threads, or null where /proc is not there. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Throughput, with and without
// ---------------------------------------------------------------------------------------------------------

async function measureThroughput(
  portal: Portal,
  testCase: CompressionCase,
  settings: CompressionSettings,
  load: LoadRunner,
  problems: string[],
): Promise<Throughput> {
  const run = async (
    acceptEncoding: string,
    length: { duration: number } | { amount: number },
    label: string,
  ) => {
    const cpuBefore = processCpuMs(portal.child.pid);
    const result = await load.run({
      url: portal.baseUrl + testCase.path,
      headers: { cookie: testCase.cookie, 'accept-encoding': acceptEncoding },
      connections: testCase.connections ?? settings.connections,
      ...length,
    });
    const cpuAfter = processCpuMs(portal.child.pid);
    problems.push(...load.problems(result).map((problem) => `${label}: ${problem}`));
    const cpuMsPerRequest =
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total;
    return { result, cpuMsPerRequest };
  };
  if (settings.warmupRequests > 0) {
    await run(IDENTITY, { amount: settings.warmupRequests }, 'warm-up identity');
    await run(BROWSER_ACCEPT_ENCODING, { amount: settings.warmupRequests }, 'warm-up compressed');
  }
  const emptySide = (): Side => ({ requestsPerSecond: [], p50: [], cpuMsPerRequest: [] });
  const throughput: Throughput = {
    identity: emptySide(),
    compressed: emptySide(),
    ratios: { requestsPerSecond: [], cpuMsPerRequest: [] },
  };
  for (let round = 1; round <= settings.rounds; round += 1) {
    // Alternate which goes first, so neither side always runs on a machine the other just warmed.
    const order = round % 2 === 1 ? [IDENTITY, BROWSER_ACCEPT_ENCODING] : [BROWSER_ACCEPT_ENCODING, IDENTITY];
    const runs = new Map<string, Awaited<ReturnType<typeof run>>>();
    for (const acceptEncoding of order) {
      runs.set(acceptEncoding, await run(acceptEncoding, { duration: settings.seconds }, `round ${round}`));
    }
    const identity = runs.get(IDENTITY);
    const compressed = runs.get(BROWSER_ACCEPT_ENCODING);
    if (!identity || !compressed) throw new Error('a round is missing a run');
    for (const [side, measured] of [
      [throughput.identity, identity],
      [throughput.compressed, compressed],
    ] as const) {
      side.requestsPerSecond.push(measured.result.requests.average);
      side.p50.push(measured.result.latency.p50);
      if (measured.cpuMsPerRequest !== null) side.cpuMsPerRequest.push(measured.cpuMsPerRequest);
    }
    throughput.ratios.requestsPerSecond.push(
      compressed.result.requests.average / identity.result.requests.average,
    );
    if (identity.cpuMsPerRequest && compressed.cpuMsPerRequest !== null) {
      throughput.ratios.cpuMsPerRequest.push(compressed.cpuMsPerRequest / identity.cpuMsPerRequest);
    }
  }
  return throughput;
}

export async function benchmarkCompression(
  portal: Portal,
  cases: readonly CompressionCase[],
  settings: CompressionSettings,
  load: LoadRunner,
): Promise<CompressionSummary[]> {
  console.log(
    `\nCompressed API answers: identity vs '${BROWSER_ACCEPT_ENCODING}', ${settings.connections} ` +
      `connections, ${settings.rounds} paired round(s) × ${settings.seconds} s each, alternating which goes first.`,
  );
  const summaries: CompressionSummary[] = [];
  for (const testCase of cases) {
    const problems: string[] = [];
    const { sizes, identityBody } = await measureSizes(portal, testCase);
    const compressCost = measureCompressCost(identityBody);
    const throughput =
      sizes.source === 'portal' ? await measureThroughput(portal, testCase, settings, load, problems) : null;
    const summary: CompressionSummary = { testCase, sizes, compressCost, throughput, problems };
    printCase(summary);
    summaries.push(summary);
  }
  return summaries;
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ratioFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const msFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatMs = (value: number) => (Number.isFinite(value) ? msFormat.format(value) : '–');
const formatRatio = (values: readonly number[]) =>
  values.length > 0 ? ratioFormat.format(median(values)) : '–';

function printCase({ testCase, sizes, compressCost, throughput, problems }: CompressionSummary) {
  console.log(`\n${testCase.name}: GET ${testCase.path}`);
  console.log(
    `${'bytes on the wire'.padEnd(20)} ${'bytes'.padStart(9)} ${'mobile ms'.padStart(10)} ${'bandwidth ms'.padStart(13)}`,
  );
  const row = (label: string, bytes: number) =>
    console.log(
      `${label.padEnd(20)} ${integerFormat.format(bytes).padStart(9)} ${integerFormat.format(transferMs(bytes)).padStart(10)} ${integerFormat.format(bandwidthMs(bytes)).padStart(13)}`,
    );
  row('identity', sizes.identity);
  row(`br (${sizes.source})`, sizes.br);
  row(`gzip (${sizes.source})`, sizes.gzip);
  console.log(
    `compressing the body once: br ${formatMs(compressCost.br)} ms, gzip ${formatMs(compressCost.gzip)} ms CPU`,
  );
  if (!throughput) {
    console.log('(the portal does not compress: no throughput comparison)');
  } else {
    const { identity, compressed } = throughput;
    for (let index = 0; index < identity.requestsPerSecond.length; index += 1) {
      const at = (values: number[]) => values[index] ?? Number.NaN;
      console.log(
        `round ${index + 1}: identity ${integerFormat.format(at(identity.requestsPerSecond))} req/s ` +
          `${formatMs(at(identity.cpuMsPerRequest))} CPU ms/req, compressed ` +
          `${integerFormat.format(at(compressed.requestsPerSecond))} req/s ` +
          `${formatMs(at(compressed.cpuMsPerRequest))} CPU ms/req`,
      );
    }
    console.log(
      `median: identity ${integerFormat.format(median(identity.requestsPerSecond))} req/s, p50 ` +
        `${latencyFormat.format(median(identity.p50))} ms, ${formatMs(median(identity.cpuMsPerRequest))} ` +
        `CPU ms/req; compressed ${integerFormat.format(median(compressed.requestsPerSecond))} req/s, p50 ` +
        `${latencyFormat.format(median(compressed.p50))} ms, ${formatMs(median(compressed.cpuMsPerRequest))} CPU ms/req`,
    );
    console.log(
      `compressed ÷ identity (median of rounds): req/s ${formatRatio(throughput.ratios.requestsPerSecond)}, ` +
        `CPU per request ${formatRatio(throughput.ratios.cpuMsPerRequest)}`,
    );
  }
  for (const problem of problems) console.log(`  FAILED: ${problem}`);
}

export function printCompressionSummary(summaries: readonly CompressionSummary[]) {
  console.log(
    '\nCompressed API answers (bytes on the wire / Lighthouse mobile ms; medians; ratios compressed ÷ identity)',
  );
  console.log(
    'endpoint'.padEnd(34),
    'identity'.padStart(15),
    'br'.padStart(13),
    'req/s id / br'.padStart(14),
    'req/s ratio',
    'CPU/req ratio',
  );
  for (const { testCase, sizes, throughput } of summaries) {
    const side = (bytes: number) =>
      `${integerFormat.format(bytes)} / ${integerFormat.format(transferMs(bytes))}`;
    const rates = throughput
      ? `${integerFormat.format(median(throughput.identity.requestsPerSecond))} / ${integerFormat.format(median(throughput.compressed.requestsPerSecond))}`
      : '–';
    console.log(
      `GET ${testCase.path}`.padEnd(34),
      side(sizes.identity).padStart(15),
      side(sizes.br).padStart(13),
      rates.padStart(14),
      formatRatio(throughput?.ratios.requestsPerSecond ?? []).padStart(11),
      formatRatio(throughput?.ratios.cpuMsPerRequest ?? []).padStart(13),
    );
  }
}
