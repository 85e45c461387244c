import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-redaction';
import { registerRequestLog } from './request-log';

/** An app logging at the default level into `lines`, as app.ts sets it up. */
async function appLoggingTo(lines: Array<Record<string, unknown>>) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log: FastifyBaseLogger = pino(loggerOptions('info'), sink);
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('request log', () => {
  it('writes one line per request: method, redacted path, status, time and request id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/api/thing?token=secret-value&page=2' });
    await app.close();

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/thing?token=[redacted]&page=2' },
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
});
