import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { takeTestDatabase } from './reused-pglite';

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default (opened from the
 * template, or one a finished file of this worker closed, emptied: reused-pglite.ts), or — when
 * TEST_DATABASE_URL is set — a new database created on that PostgreSQL server and dropped again by close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await takeTestDatabase(openFromTemplate);
    await handle.migrate();
    return handle;
  }
  const database = await createScratchPostgresDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

function openFromTemplate(): Promise<DatabaseHandle> {
  const templatePath = inject('pgliteTemplatePath');
  const template = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;
  return openDatabase({ kind: 'pglite', dataDir: null, ...(template ? { template } : {}) });
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, and the way to drop it again. */
export async function createScratchPostgresDatabase(serverUrl: string) {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
