import { createHash } from 'node:crypto';
import type { Database } from '../../../db/client';
import { isUniqueViolationOf } from '../../../db/postgres-errors';
import { AppError } from '../../../errors';
import { findIdempotencyKey } from '../reads/orders.repository';

/** Keys are kept three days (docs/orders.md#idempotency: at least 24 h), then housekeeping removes them. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

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
 * The answer already stored under the scope's key (docs/orders.md#idempotency), or null when the
 * customer never used the key. The same key with a different request is refused (422); a key whose request
 * is still being written answers 409.
 */
export async function findStoredAnswer<T>(
  db: Database,
  scope: IdempotencyScope<T>,
  requestHash: string,
): Promise<IdempotentResponse<T> | null> {
  const stored = await findIdempotencyKey(db, scope.userId, scope.key);
  if (!stored) return null;
  if (stored.requestHash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This order was already submitted with different details. Please check your order history.',
    );
  }
  if (stored.state !== 'completed' || stored.responseStatus === null) throw stillInProgress();
  return { status: stored.responseStatus, body: scope.parseStoredBody(stored.responseBody), replayed: true };
}

/**
 * The answer of the earlier request that holds the key, after a write failed on it (isKeyTaken). Had that
 * request rolled back in between, the key would be free again: the client is asked to send it again.
 */
export async function replayStoredAnswer<T>(
  db: Database,
  scope: IdempotencyScope<T>,
  requestHash: string,
): Promise<IdempotentResponse<T>> {
  const answer = await findStoredAnswer(db, scope, requestHash);
  if (!answer) throw stillInProgress();
  return answer;
}

const stillInProgress = () =>
  new AppError('IDEMPOTENCY_IN_PROGRESS', 'Your order is still being submitted. Please try again.');

/** Whether a write failed because the customer already holds the idempotency key (its unique index). */
export function isKeyTaken(error: unknown): boolean {
  return isUniqueViolationOf(error, KEY_CONSTRAINT);
}

/** The unique index of (user_id, key): only a clash on it means "this key was used before". */
const KEY_CONSTRAINT = 'idempotency_keys_user_key_unique';
