import { describe, expect, it } from 'vitest';
import { MAX_ID, MAX_QUANTITY } from '../limits';
import { idSchema, priceQuerySchema, quantitySchema } from './pricing';

describe('the API bounds of ids and quantities (shared/limits.ts)', () => {
  it('takes ids from 1 to MAX_ID, as numbers or plain decimal text', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID).data).toBe(MAX_ID);
    expect(idSchema.safeParse(String(MAX_ID)).data).toBe(MAX_ID);
    expect(idSchema.safeParse(MAX_ID + 1).error?.issues[0]?.message).toBe('is too large');
    expect(idSchema.safeParse(0).error?.issues[0]?.message).toBe('must be a positive id');
    expect(idSchema.safeParse('1e3').error?.issues[0]?.message).toBe('must be a number');
  });

  it('takes quantities and case counts from 0 to MAX_QUANTITY', () => {
    expect(quantitySchema.safeParse(0).success).toBe(true);
    expect(quantitySchema.safeParse(MAX_QUANTITY).success).toBe(true);
    expect(quantitySchema.safeParse(MAX_QUANTITY + 1).error?.issues[0]?.message).toBe('is too large');
    expect(priceQuerySchema.safeParse({ totalCases: String(MAX_QUANTITY) }).success).toBe(true);
    expect(priceQuerySchema.safeParse({ quantity: String(MAX_QUANTITY + 1) }).success).toBe(false);
  });
});
