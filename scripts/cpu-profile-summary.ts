import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Where a benchmarked portal's CPU went, by kind of work: the README's per-request breakdown (Performance).
 * Profile a bench with BENCH_PORTAL_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (one figure at a time:
 * BENCH_ONLY=api, BENCH_ONLY=orders-pg), then:
 *
 *   node --import tsx scripts/cpu-profile-summary.ts /tmp/prof [µs per request]
 *
 * It prints each kind's share of the busy time (idle left out) and, given the bench's Node CPU per request
 * (e.g. 380 for 0.38 ms an order), what that share costs per request.
 */

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The kinds, first match wins: a frame's package or Node module, or V8's own entries. */
const KINDS: [kind: string, matches: (frame: CallFrame) => boolean][] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  [
    'socket writes and reads (system calls)',
    (f) =>
      f.url === '' && /^(writev|writeBuffer|writeString|writeUtf8String|onStreamRead)$/.test(f.functionName),
  ],
  [
    'PostgreSQL driver (pg)',
    (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//.test(f.url),
  ],
  [
    'Fastify and its plugins',
    (f) => /node_modules\/(fastify|@fastify\/[\w-]+|find-my-way|avvio|light-my-request)\//.test(f.url),
  ],
  ['input checks (zod)', (f) => /node_modules\/zod\//.test(f.url)],
  [
    'logging (pino)',
    (f) => /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//.test(f.url),
  ],
  ['mail (nodemailer)', (f) => /node_modules\/nodemailer\//.test(f.url)],
  ['other packages', (f) => f.url.includes('node_modules/')],
  ["the portal's own code", (f) => /\/dist\/server\/|\/src\/server\//.test(f.url)],
  ['Node core (streams, events, timers, HTTP)', (f) => f.url.startsWith('node:')],
];

function kindOf(frame: CallFrame): string {
  return KINDS.find(([, matches]) => matches(frame))?.[0] ?? 'V8 and native (other)';
}

function profilesIn(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(target, name));
}

function summarise(files: string[]): Map<string, number> {
  const byKind = new Map<string, number>();
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const kinds = new Map(profile.nodes.map((node) => [node.id, kindOf(node.callFrame)]));
    profile.samples.forEach((id, index) => {
      const kind = kinds.get(id) ?? 'V8 and native (other)';
      byKind.set(kind, (byKind.get(kind) ?? 0) + (profile.timeDeltas[index] ?? 0));
    });
  }
  return byKind;
}

const [target, perRequestArg] = process.argv.slice(2);
if (!target) {
  console.error('usage: cpu-profile-summary.ts <profile or folder> [µs of Node CPU per request]');
  process.exit(2);
}
const byKind = summarise(profilesIn(target));
byKind.delete('idle');
const busy = [...byKind.values()].reduce((sum, time) => sum + time, 0);
const perRequest = perRequestArg ? Number(perRequestArg) : null;
console.log(`busy CPU in the profile: ${(busy / 1000).toFixed(0)} ms`);
for (const [kind, time] of [...byKind].sort((a, b) => b[1] - a[1])) {
  const share = time / busy;
  const cost = perRequest === null ? '' : `  ${(share * perRequest).toFixed(1).padStart(6)} µs/request`;
  console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${kind.padEnd(44)}${cost}`);
}
