import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';

/** The files the database thread is built from (pglite-worker.ts and what it imports). */
const WORKER_SOURCES = ['pglite-worker.ts', 'pglite-protocol.ts'];

let bundled: URL | null = null;

/**
 * The script of the database thread (ADR 0020). Beside the built server (dist/server) it is the
 * pglite-worker.js the build wrote. When the portal runs from its TypeScript sources (tests, `npm run dev`,
 * scripts), pglite-worker.ts is bundled once with esbuild into node_modules/.cache, named by the sources'
 * hash: loading tsx in every new thread instead cost about two CPU seconds per database, and the
 * integration suite opens one for each test file.
 */
export function pgliteWorkerEntry(callerUrl: string): URL {
  if (!callerUrl.endsWith('.ts')) return new URL('./pglite-worker.js', callerUrl);
  bundled ??= bundleWorker(path.dirname(fileURLToPath(callerUrl)));
  return bundled;
}

function bundleWorker(sourceFolder: string): URL {
  const hash = createHash('sha256');
  for (const file of WORKER_SOURCES) hash.update(file).update(readFileSync(path.join(sourceFolder, file)));
  // Inside the project, so that the bundle's bare import of @electric-sql/pglite resolves from node_modules.
  const cacheFolder = path.resolve(sourceFolder, '../../../node_modules/.cache/wholesale-portal');
  const outfile = path.join(cacheFolder, `pglite-worker-${hash.digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(outfile)) {
    mkdirSync(cacheFolder, { recursive: true });
    // esbuild is a development dependency: required here only, never by the built server.
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
    // Written under a name of its own and renamed, as test workers may build it at the same moment.
    const temporary = `${outfile}.${process.pid}.tmp`;
    esbuild.buildSync({
      entryPoints: [path.join(sourceFolder, 'pglite-worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
      outfile: temporary,
    });
    renameSync(temporary, outfile);
  }
  return pathToFileURL(outfile);
}
