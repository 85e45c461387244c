import { ERROR_STATUS, type ErrorCode } from '../shared/error-codes';

/**
 * The one error model (docs/architecture.md#error-model): a stable code, the HTTP status it maps to, and a
 * message a person can read. The codes and their statuses are shared with the browser (shared/error-codes.ts).
 */
export { ERROR_STATUS, type ErrorCode };

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

/** The 503 of every request that needs the database while it cannot be reached (docs/operations.md#database-outages). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The portal cannot reach its database right now. Please try again in a few seconds.';

/** The 503 of a write refused because the database's disk is full (docs/operations.md#a-full-disk). */
export const STORAGE_FULL_MESSAGE = 'The portal cannot save changes right now. Please try again shortly.';
