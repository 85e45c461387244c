import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redaction';

describe('log redaction', () => {
  it.each([
    ['/api/validate-reset-token/abc123secret', '/api/validate-reset-token/[redacted]'],
    ['/auth/verify?token=abc123secret&next=/orders', '/auth/verify?token=[redacted]&next=/orders'],
    ['/reset-password?token=abc123secret', '/reset-password?token=[redacted]'],
    ['/api/products?quantity=2', '/api/products?quantity=2'],
  ])('redacts secrets in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('keeps passwords, tokens and cookies out of log lines', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info({ body: { password: 'Hunter-22', token: 'tok-secret' } }, 'login attempt');
    log.info({ req: { headers: { cookie: 'sid=cookie-secret' } } }, 'request');
    const text = lines.join('');
    expect(text).not.toMatch(/Hunter-22|tok-secret|cookie-secret/);
    expect(text).toContain('[redacted]');
  });
});
