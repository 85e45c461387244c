import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { createLifecycle } from './lifecycle';
import { createRequestGauge } from './request-gauge';

/**
 * Issue 29 §11, docs/operations.md#stopping: a draining instance takes no new request. It closes its
 * listener at once (a proxy's next connection is refused and goes to another instance), closes its idle
 * kept-alive connections, and answers what is already under way in full with `Connection: close`. The
 * requests go over real sockets: `inject()` has no connections.
 */

const sockets: net.Socket[] = [];
let t: TestApp;
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

/** Connects, or rejects with the connection's error (ECONNREFUSED when nothing listens). */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('close', () => resolve(received));
  });
}

/** Reads one response of a kept-alive connection (its headers and a Content-Length body). */
function readOneResponse(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        socket.off('data', onData);
        resolve(received);
      }
    };
    socket.on('data', onData);
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const pricesBody = JSON.stringify({ items: [{ productId: 1, quantity: 12 }] });
const pricesHead = [
  'POST /api/calculate-prices HTTP/1.1',
  'Host: 127.0.0.1',
  `Origin: ${TEST_ORIGIN}`,
  'Content-Type: application/json',
  `Content-Length: ${Buffer.byteLength(pricesBody)}`,
  '',
  '',
].join('\r\n');

describe('draining over real connections (docs/operations.md#stopping)', () => {
  let port: number;
  let idleClosed: Promise<unknown>;
  let underWay: { socket: net.Socket; answer: Promise<string> };
  let arriving: { socket: net.Socket; answer: Promise<string> };

  beforeAll(async () => {
    const lifecycle = createLifecycle();
    t = await createTestApp({ lifecycle });
    const requests = createRequestGauge();
    requests.watch(t.app.server);
    // The server's side of each connection: its 'data' listener runs after the HTTP parser's.
    const serverSockets: net.Socket[] = [];
    t.app.server.on('connection', (socket: net.Socket) => serverSockets.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;

    // A kept-alive connection, idle after one answer.
    const idle = await connect(port);
    idle.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await readOneResponse(idle)).toMatch(/^HTTP\/1\.1 200 .*\r\nconnection: keep-alive\r\n/is);
    idleClosed = new Promise((resolve) => idle.once('close', resolve));

    // A request under way: its headers and half its body sent, the server waiting for the rest.
    const busy = await connect(port);
    underWay = { socket: busy, answer: readUntilClosed(busy) };
    busy.write(pricesHead + pricesBody.slice(0, 10));
    await until(() => requests.inFlight() === 1);

    // A connection whose request has begun (its first line) but whose headers are still on their way.
    const late = await connect(port);
    arriving = { socket: late, answer: readUntilClosed(late) };
    await until(() => serverSockets.length === 3);
    const parsed = new Promise((resolve) => serverSockets[2]!.once('data', resolve));
    late.write('GET /api/products HTTP/1.1\r\n');
    await parsed;

    lifecycle.startDraining();
  });

  it('refuses new connections at once', async () => {
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('closes the idle kept-alive connections', async () => {
    await idleClosed;
  });

  it('answers a request under way in full, with Connection: close, and then closes its connection', async () => {
    underWay.socket.write(pricesBody.slice(10));
    const received = await underWay.answer;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toContain('"prices":[{"productId":1');
  });

  it('refuses a request that arrives on an open connection after draining started: 503, Connection: close', async () => {
    arriving.socket.write('Host: 127.0.0.1\r\n\r\n');
    const received = await arriving.answer;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toMatch(/\r\nretry-after: 5\r\n/i);
  });
});
