/**
 * The two baselines of bench.ts's endpoint runs, each in its own child process, answering the very answers
 * the portal gave once (captured by bench.ts: status, every header but those Node writes itself, body):
 *
 * - `bare`: `node:http` and nothing else: reads the request to its end, writes the captured bytes. The floor
 *   of Node's HTTP.
 * - `fastify`: a bare Fastify app with one route per captured answer: Fastify's router and JSON body parser,
 *   and a reply that sets the portal's answer headers (the security headers, cache-control, the rest as
 *   captured) and a request id made per request as the portal makes it, then sends the captured body. No
 *   hook, plugin, schema or logger: the honest ceiling of a Fastify route that must send those headers
 *   (issue 30: `POST /api/calculate-prices` is measured against it).
 *
 * bench.ts starts them with startBaselines; this file, started with --serve=bare or --serve=fastify, is the
 * server.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { createRequestIds } from '../src/server/http/request-id';
import { LOOPBACK, stopChild, type CleanupStack, type Target } from './bench-support';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the portal answered once, replayed byte for byte by the baselines. */
export interface CapturedResponse {
  method: HttpMethod;
  path: string;
  status: number;
  /** Every header of the answer but those Node writes itself (date, connection, keep-alive). */
  headers: Record<string, string>;
  bodyBase64: string;
}

type Baseline = 'bare' | 'fastify';
type ParentMessage = { type: 'serve'; responses: CapturedResponse[] };
type ChildMessage = { type: 'listening'; port: number };

const SCRIPT_PATH = fileURLToPath(import.meta.url);
const SERVE_FLAG = '--serve=';
const REQUEST_ID_HEADER = 'x-request-id';

const routeKey = (method: string, requestPath: string) => `${method} ${requestPath}`;

/** `node:http`: the captured answer of the request's method and path, after reading its body. */
function bareServer(responses: readonly CapturedResponse[]): http.Server {
  const routes = new Map(
    responses.map((captured) => {
      const body = Buffer.from(captured.bodyBase64, 'base64');
      const headers = { ...captured.headers, 'content-length': String(body.length) };
      return [routeKey(captured.method, captured.path), { status: captured.status, headers, body }];
    }),
  );
  return http.createServer((request, response) => {
    const route = routes.get(routeKey(request.method ?? 'GET', request.url ?? '/'));
    // Read the request body to its end before answering, as the portal has to for a POST.
    request.resume();
    request.once('end', () => {
      if (!route) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(route.status, route.headers).end(route.body);
    });
  });
}

/** Fastify: one route per captured answer; the body parsed as JSON by Fastify's own parser. */
async function fastifyServer(responses: readonly CapturedResponse[]): Promise<http.Server> {
  const app = Fastify({ genReqId: createRequestIds() });
  for (const captured of responses) {
    const body = Buffer.from(captured.bodyBase64, 'base64');
    const { [REQUEST_ID_HEADER]: _capturedId, ...headers } = captured.headers;
    app.route({
      method: captured.method,
      url: captured.path.split('?')[0] ?? captured.path,
      handler: (request, reply) => {
        void reply.code(captured.status).headers(headers).header(REQUEST_ID_HEADER, request.id).send(body);
      },
    });
  }
  await app.ready();
  return app.server;
}

function serve(baseline: Baseline) {
  // The parent going away, even killed, closes the IPC channel: never outlive it.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (message: ParentMessage) => {
    void (async () => {
      const server =
        baseline === 'fastify' ? await fastifyServer(message.responses) : bareServer(message.responses);
      server.listen(0, LOOPBACK, () => {
        const address = server.address();
        if (typeof address !== 'object' || !address) throw new Error(`${baseline} server has no port`);
        const reply: ChildMessage = { type: 'listening', port: address.port };
        process.send?.(reply);
      });
    })();
  });
}

async function startBaseline(
  baseline: Baseline,
  responses: CapturedResponse[],
  cleanup: CleanupStack,
): Promise<Target> {
  const child = fork(SCRIPT_PATH, [`${SERVE_FLAG}${baseline}`], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.push(() => stopChild(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: ChildMessage) => resolve(message.port));
    child.once('exit', (code) =>
      reject(new Error(`The ${baseline} server exited during start-up (code ${code})`)),
    );
    const request: ParentMessage = { type: 'serve', responses };
    child.send(request);
  });
  return { name: baseline, baseUrl: `http://${LOOPBACK}:${port}`, child };
}

/** Both baselines, answering `responses`. */
export async function startBaselines(responses: CapturedResponse[], cleanup: CleanupStack) {
  return {
    bare: await startBaseline('bare', responses, cleanup),
    fastify: await startBaseline('fastify', responses, cleanup),
  };
}

const flag = process.argv.find((arg) => arg.startsWith(SERVE_FLAG));
if (flag) serve(flag.slice(SERVE_FLAG.length) === 'fastify' ? 'fastify' : 'bare');
