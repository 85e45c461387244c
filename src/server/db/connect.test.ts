import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyStartFailure, connectWithRetry } from './connect';
import type { DatabaseTarget } from './client';

/** An error as node-postgres or PGlite reports it: a message and the server's SQLSTATE. */
const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
const postgres: DatabaseTarget = {
  kind: 'postgres',
  url: 'postgres://portal:secret@db.internal:5432/portal',
};
const pglite: DatabaseTarget = { kind: 'pglite', dataDir: '/srv/portal/data/pglite' };

describe('a failure to open the database at start (docs/operations.md#start-up)', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    [
      'a server shutting down (57P01)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['too many connections (53300)', pgError('sorry, too many clients already', '53300')],
  ])('tries again after %s', (_name, error) => {
    expect(classifyStartFailure(error, postgres).retry).toBe(true);
  });

  it.each([
    [
      'a refused password',
      pgError('password authentication failed for user "portal"', '28P01'),
      /28P01.*password/,
    ],
    ['a refused user', pgError('no pg_hba.conf entry for host', '28000'), /28000.*pg_hba/],
    [
      'a missing database',
      pgError('database "portal" does not exist', '3D000'),
      /does not exist \(code 3D000\).*create it/,
    ],
    ['a permission denied', pgError('permission denied for database portal', '42501'), /42501.*grant/],
    [
      'a full disk (53100)',
      pgError('could not extend file "base/5/16385": No space left on device', '53100'),
      /53100.*disk is full: free space on the PostgreSQL server's data volume/,
    ],
  ])('does not try again after %s, and says why', (_name, error, reason) => {
    const failure = classifyStartFailure(error, postgres);
    expect(failure.retry).toBe(false);
    expect(failure.reason).toMatch(reason);
    expect(failure.reason).not.toContain('secret');
  });

  it("names PGlite's full disk (a thrown ErrnoError object, not '[object Object]') and its folder", () => {
    // What PGlite's WebAssembly file system throws when a write finds no space (Emscripten's ENOSPC is 51).
    const failure = classifyStartFailure({ name: 'ErrnoError', errno: 51 }, pglite);
    expect(failure.retry).toBe(false);
    expect(failure.reason).toBe(
      'ErrnoError (errno 51): the disk is full: free space on the volume holding /srv/portal/data/pglite',
    );
    const node = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
    });
    expect(classifyStartFailure(node, pglite)).toEqual({
      retry: false,
      reason:
        'ENOSPC: no space left on device, write (code ENOSPC, errno -28): the disk is full: free space on ' +
        'the volume holding /srv/portal/data/pglite',
    });
  });

  it('reports a data folder PGlite cannot open with the free space of its volume, and does not retry', () => {
    const failure = classifyStartFailure(new Error('PGlite failed to initialize properly'), {
      kind: 'pglite',
      dataDir: path.join(os.tmpdir(), 'not-made-yet', 'pglite'),
    });
    expect(failure.retry).toBe(false);
    expect(failure.reason).toMatch(
      /^PGlite failed to initialize properly \(\d+ MB free on the volume holding /,
    );
  });
});

describe('connectWithRetry', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives up at once, with the reason, when retrying cannot help', async () => {
    // A data folder that is not a PostgreSQL data folder: PGlite refuses it, every time.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-connect-'));
    dirs.push(dir);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'PG_VERSION'), '99\n');
    const lines: string[] = [];
    const log = pino(
      new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    );
    await expect(connectWithRetry({ kind: 'pglite', dataDir: dir }, 5, log)).rejects.toThrow(
      /^Cannot open PGlite in .*: PGlite failed to initialize properly \(\d+ MB free on the volume holding /,
    );
    expect(lines).toEqual([]);
  }, 60_000);
});
