import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { DatabaseOrTransaction } from '../../jobs/queue';
import { completeIdempotencyKey, findIdempotencyKey, insertIdempotencyKey } from './orders.repository';

/** Keys are kept three days (security.md I6: at least 24 h), then housekeeping removes them. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 3;

export interface IdempotentResponse<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotencyScope<T> {
  userId: number;
  key: string;
  /** The parsed request, hashed: the same key with a different request is refused. */
  request: unknown;
  /** Reads a stored answer back (it is JSON from the database: parse it, never cast it). */
  parseStoredBody: (body: unknown) => T;
}

/** SHA-256 of the request as parsed (zod's output has a fixed key order, so equal requests hash equally). */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * Runs `work` at most once per (customer, key) (DECISIONS §4; security.md I1–I6), in ONE transaction with the
 * key: the key, the work and the stored answer commit together or not at all, so a failure leaves nothing
 * half-saved and the same key may simply be sent again.
 *
 * - Same key, same request, already done: the first answer again (`replayed`), no second run.
 * - Same key, different request: 422 IDEMPOTENCY_KEY_REUSED.
 * - Concurrent requests with one key: the unique index makes the later ones wait for the first to commit,
 *   then they replay its answer.
 *
 * REPEATABLE READ gives the work one snapshot of everything it reads (security.md P5: one consistent price
 * list); serialization failures and deadlocks are retried a bounded number of times (F3).
 */
export async function runIdempotently<T>(
  db: Database,
  scope: IdempotencyScope<T>,
  work: (tx: DatabaseOrTransaction) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResponse<T>> {
  const requestHash = hashRequest(scope.request);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(
        async (tx) => {
          const keyId = await insertIdempotencyKey(tx, {
            userId: scope.userId,
            key: scope.key,
            requestHash,
            expiresAt: new Date(Date.now() + IDEMPOTENCY_KEY_LIFETIME_MS),
          });
          const response = await work(tx);
          await completeIdempotencyKey(tx, keyId, response);
          return { ...response, replayed: false };
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (error) {
      const code = postgresErrorCode(error);
      if (code === UNIQUE_VIOLATION && violatedConstraint(error) === KEY_CONSTRAINT) {
        return replay(db, scope, requestHash);
      }
      if ((code === SERIALIZATION_FAILURE || code === DEADLOCK) && attempt < MAX_ATTEMPTS) continue;
      if (code === SERIALIZATION_FAILURE || code === DEADLOCK) {
        throw new AppError('UNAVAILABLE', 'The portal is busy. Please submit your order again.');
      }
      throw error;
    }
  }
}

async function replay<T>(
  db: Database,
  scope: IdempotencyScope<T>,
  requestHash: string,
): Promise<IdempotentResponse<T>> {
  const stored = await findIdempotencyKey(db, scope.userId, scope.key);
  if (!stored) {
    // The holder rolled back between our insert and this read: the key is free again.
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'Your order is still being submitted. Please try again.');
  }
  if (stored.requestHash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This order was already submitted with different details. Please check your order history.',
    );
  }
  if (stored.state !== 'completed' || stored.responseStatus === null) {
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'Your order is still being submitted. Please try again.');
  }
  return { status: stored.responseStatus, body: scope.parseStoredBody(stored.responseBody), replayed: true };
}

const UNIQUE_VIOLATION = '23505';
/** The unique index of (user_id, key): only a clash on it means "this key was used before". */
const KEY_CONSTRAINT = 'idempotency_keys_user_key_unique';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it (`cause`). */
export function postgresErrorCode(error: unknown): string | undefined {
  return findPostgresField(error, 'code', (value) => /^[0-9A-Z]{5}$/.test(value));
}

/** The constraint a PostgreSQL error names (unique, check, foreign key), if any. */
function violatedConstraint(error: unknown): string | undefined {
  return findPostgresField(error, 'constraint', () => true);
}

function findPostgresField(error: unknown, field: 'code' | 'constraint', accept: (value: string) => boolean) {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const value: unknown = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
