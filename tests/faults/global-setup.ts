import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_ENTRY } from './support/portal';

/**
 * The fault suite (`npm run test:faults`, which builds first) runs the built server; each scenario appends
 * its figures to a file, and they are printed together once every file has run, failed or not.
 */
export default function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" (npm run test:faults does).`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-summary-'));
  const file = path.join(dir, 'figures.jsonl');
  project.provide('faultsSummaryFile', file);
  const started = Date.now();

  return () => {
    const rows = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { scenario: string; figures: Record<string, string | number> })
      : [];
    rmSync(dir, { recursive: true, force: true });
    const lines = rows.flatMap(({ scenario, figures }) => [
      `  ${scenario}`,
      ...Object.entries(figures).map(([name, value]) => `    ${name}: ${value}`),
    ]);
    console.log(
      `\n== Fault suite figures (${Math.round((Date.now() - started) / 1000)} s)\n${lines.join('\n') || '  (no scenario finished)'}\n`,
    );
  };
}
