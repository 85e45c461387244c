import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from './error-codes';

describe('error codes', () => {
  it('names every code by itself, for the browser to compare with', () => {
    expect(Object.keys(ERROR_CODES)).toEqual(Object.keys(ERROR_STATUS));
    for (const [name, code] of Object.entries(ERROR_CODES)) expect(code).toBe(name);
  });

  it('maps every code to an error status', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.IDEMPOTENCY_IN_PROGRESS).toBe(409);
    expect(ERROR_STATUS.IDEMPOTENCY_KEY_REUSED).toBe(422);
  });
});
