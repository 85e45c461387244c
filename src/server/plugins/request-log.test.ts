import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger';
import { loggerOptions } from './log-redaction';
import { registerRequestLog, REQUEST_LOG } from './request-log';

/** An app logging at the default level into `lines`, as app.ts sets it up. */
async function appLoggingTo(lines: Array<Record<string, unknown>>, children: { made: number } = { made: 0 }) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log: FastifyBaseLogger = pino(loggerOptions('info'), sink);
  const child = log.child.bind(log);
  log.child = (...args) => {
    children.made += 1;
    return child(...args);
  };
  const app = Fastify({
    loggerInstance: log,
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.get('/api/thing', () => ({ ok: true }));
  app.post('/api/change', () => ({ ok: true }));
  app.post('/api/quote', { config: { readOnly: true } }, () => ({ ok: true }));
  app.get('/api/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LOG.slowMs + 20));
    return { ok: true };
  });
  app.post('/api/note', (request) => {
    request.log.warn({ detail: 'noted' }, 'a handler wrote this');
    return { ok: true };
  });
  app.get('/api/broken', () => Promise.reject(new Error('boom')));
  await app.ready();
  return app;
}

describe('request log', () => {
  it('writes one line per change: method, redacted path, status, time and request id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    await app.inject({ method: 'POST', url: '/api/change?token=secret-value&page=2', payload: {} });
    await app.close();

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/api/change?token=[redacted]&page=2' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.responseTime).toBe('number');
    expect(typeof line?.reqId).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('still writes the line for a request that failed, next to the error', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();

    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ res: { statusCode: 500 } });
  });

  it('writes one line in a hundred for fast successful reads, each marked as sampled, and none for a read-only POST', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    for (let index = 0; index < REQUEST_LOG.sampleEvery * 2; index += 1) {
      await app.inject({ method: 'GET', url: '/api/thing' });
    }
    await app.inject({ method: 'POST', url: '/api/quote', payload: {} });
    await app.close();

    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.sampled === REQUEST_LOG.sampleEvery)).toBe(true);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/api/thing' } });
  });

  it('always writes the line of a slow read', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/api/slow' });
    await app.close();

    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ url: '/api/slow' }),
      }),
    ]);
    expect(lines[0]?.sampled).toBeUndefined();
  });

  it("makes a request's own logger only when something logs through it, with the request id bound", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const children = { made: 0 };
    const app = await appLoggingTo(lines, children);
    const atStart = children.made;
    await app.inject({ method: 'POST', url: '/api/change', payload: {} });
    await app.inject({ method: 'GET', url: '/api/thing' });
    expect(children.made).toBe(atStart);

    await app.inject({ method: 'POST', url: '/api/note', payload: {} });
    await app.close();
    expect(children.made).toBe(atStart + 1);
    const noted = lines.find((line) => line.msg === 'a handler wrote this');
    const completed = lines.filter((line) => line.msg === 'request completed').at(-1);
    expect(noted).toMatchObject({ level: 40, detail: 'noted' });
    expect(typeof noted?.reqId).toBe('string');
    expect(noted?.reqId).toBe(completed?.reqId);
  });
});
