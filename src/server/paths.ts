import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The project's root folder, found by walking up from this module to our package.json, so the same code
 * finds migrations and the built client whether it runs from src/ (tsx, Vitest) or from the dist/ bundle.
 */
export function projectRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'wholesale-portal'
    ) {
      cachedRoot = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the wholesale-portal package.json above ' + import.meta.url);
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(projectRoot(), 'src/server/db/migrations');
export const clientDistFolder = () => path.join(projectRoot(), 'dist/client');
