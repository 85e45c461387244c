import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { projectRoot } from '../paths';

let bundled: URL | null = null;

/**
 * The script of the database thread (ADR 0020). Beside the built server (dist/server) it is the
 * pglite-worker.js the build wrote. When the portal runs from its TypeScript sources (tests, `npm run dev`,
 * scripts), pglite-worker.ts is bundled with esbuild once per process (a few tens of milliseconds) into
 * node_modules/.cache, named by the bundle's own hash: loading tsx in every new thread instead cost about
 * two CPU seconds per database, and the integration suite opens one for each test file.
 */
export function pgliteWorkerEntry(callerUrl: string): URL {
  if (!callerUrl.endsWith('.ts')) return new URL('./pglite-worker.js', callerUrl);
  bundled ??= bundleWorker(path.join(path.dirname(fileURLToPath(callerUrl)), 'pglite-worker.ts'));
  return bundled;
}

function bundleWorker(entry: string): URL {
  // esbuild is a development dependency: required here only, never by the built server.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const [output] = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    write: false,
  }).outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  // Inside the project, so that the bundle's bare import of @electric-sql/pglite resolves from node_modules.
  const cacheFolder = path.join(projectRoot(), 'node_modules', '.cache', 'wholesale-portal');
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const file = path.join(cacheFolder, `pglite-worker-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(cacheFolder, { recursive: true });
    // Written under a name of its own and renamed, as test workers may write it at the same moment.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, file);
  }
  return pathToFileURL(file);
}
