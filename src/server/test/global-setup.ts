import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string | null;
  }
}

/**
 * PGlite's initdb takes seconds; every integration test file needs a fresh database. So the migrated,
 * empty database is made once, dumped to a tar file keyed by the migrations' content, and each file starts
 * its own in-memory PGlite from that dump (about a second on the CI machine, on the
 * bundled database thread of pglite-worker-entry.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', null);
    return;
  }
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  // The template's own format: changed when the way it is made changes.
  hash.update('checkpointed');
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const templatePath = path.join(
    os.tmpdir(),
    `portal-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`,
  );
  if (!existsSync(templatePath)) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.migrate();
    // Written out to the data files first: a dump taken after a checkpoint starts with less to recover.
    await handle.db.execute(sql`checkpoint`);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    writeFileSync(`${templatePath}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${templatePath}.tmp`, templatePath);
  }
  project.provide('pgliteTemplatePath', templatePath);
}
