import { execFile, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why a small disk cannot be mounted here (tmpfs needs root), or null when it can. */
export function smallDiskUnavailableReason(): string | null {
  if (process.platform !== 'linux') return 'a small disk is mounted with tmpfs, on Linux only';
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs disk needs root';
  return null;
}

/** Mounted disks still there when the process exits (an interrupted run) are unmounted. */
const mounted = new Set<string>();
process.once('exit', () => {
  for (const dir of mounted) {
    try {
      // Lazy: whatever still holds a file there is gone with this process.
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Nothing more to do at exit.
    }
  }
});

/**
 * A real, small file system (tmpfs of `sizeMb`) the test can fill to the last byte and empty again: what a
 * full disk is to PGlite's data folder, without touching the machine's own disks.
 */
export class SmallDisk {
  private readonly filler: string;

  private constructor(readonly dir: string) {
    this.filler = path.join(dir, 'filler');
  }

  static async mount(sizeMb: number): Promise<SmallDisk> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-disk-'));
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir]);
    mounted.add(dir);
    return new SmallDisk(dir);
  }

  /** Writes a file until the disk has not a byte left; resolves to the bytes written. */
  fill(): number {
    const fd = openSync(this.filler, 'a');
    const chunk = Buffer.alloc(64 * 1024);
    let written = 0;
    try {
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch (error) {
          if ((error as { code?: string }).code !== 'ENOSPC') throw error;
          // The last few blocks: smaller writes until not even a byte fits.
          for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {
            try {
              for (;;) written += writeSync(fd, chunk, 0, size);
            } catch (inner) {
              if ((inner as { code?: string }).code !== 'ENOSPC') throw inner;
            }
          }
          return written;
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  /** Removes the filler: the disk has its space back. */
  free(): void {
    rmSync(this.filler, { force: true });
  }

  async unmount(): Promise<void> {
    await run('umount', [this.dir]);
    mounted.delete(this.dir);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
