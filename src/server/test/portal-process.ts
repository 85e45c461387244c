import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../paths';

export { findFreePort } from '../../../scripts/free-port';

export interface PortalProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** Runs src/server/main.ts in its own Node process, as `npm start` would (without the build). */
export function startPortalProcess(env: Record<string, string>): PortalProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    output: () => output,
    exited,
    // A start on an empty folder (initdb, migrations, seed) took over 45 s on a slow and busy CI machine.
    waitForOutput: (pattern, timeoutMs = 90_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (pattern.test(output)) return resolve();
          if (child.exitCode !== null || Date.now() - started > timeoutMs) {
            return reject(new Error(`Did not see ${pattern} (exit ${child.exitCode}). Output:\n${output}`));
          }
          setTimeout(check, 50);
        };
        check();
      }),
  };
}
