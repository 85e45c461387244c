import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Temporary folders not yet removed: gone when the process exits, even after an interrupted run. */
const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Undo steps of a test file, run newest first in afterAll whether the tests passed or not. */
export class Cleanup {
  private readonly steps: Array<() => unknown> = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  tempDir(prefix: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    tempDirs.add(dir);
    this.add(() => {
      rmSync(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    });
    return dir;
  }

  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('fault suite clean-up step failed:', error);
      }
    }
  }
}
