import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors';

// Argon2id with OWASP's first parameter set (m=19 MiB, t=2, p=1); the library's defaults are weaker.
// `2` is Algorithm.Argon2id, a const enum that isolated-module builds cannot import.
const ARGON2ID_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many Argon2 computations run at once, and how many may wait: each takes tens of milliseconds of a
 * core and 19 MiB, so a burst of sign-ins, resets or password changes (bogus ones included) must queue
 * behind a bound instead of stalling the whole server. Beyond the queue the request is answered 503 with
 * Retry-After (docs/security.md#failures-and-overload).
 */
export interface HashGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createHashGate({ running, waiting }: { running: number; waiting: number }): HashGate {
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return {
    async run(work) {
      if (active >= running) {
        if (queue.length >= waiting) {
          throw new AppError('UNAVAILABLE', 'The portal is very busy. Please try again shortly.');
        }
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

const gate = createHashGate({ running: Math.max(1, availableParallelism()), waiting: 32 });

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2ID_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}
