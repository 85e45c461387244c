import { describe, expect, it } from 'vitest';
import { createDraftOrderRequestSchema, PO_NUMBER_MESSAGES, poNumberSchema } from './orders';

const messagesOf = (value: unknown) => {
  const parsed = poNumberSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('poNumberSchema (issue 20, docs/orders.md#submission)', () => {
  it('accepts 60 characters and refuses 61', () => {
    expect(poNumberSchema.parse('P'.repeat(60))).toBe('P'.repeat(60));
    expect(messagesOf('P'.repeat(61))).toEqual([PO_NUMBER_MESSAGES.tooLong]);
  });

  it('trims before counting, so surrounding spaces never make it too long', () => {
    expect(poNumberSchema.parse('  PO-2024-0042  ')).toBe('PO-2024-0042');
    expect(poNumberSchema.parse(` ${'P'.repeat(60)} `)).toBe('P'.repeat(60));
  });

  it('reads empty, blank, null and absent as no PO number', () => {
    expect(poNumberSchema.parse('')).toBeNull();
    expect(poNumberSchema.parse('   ')).toBeNull();
    expect(poNumberSchema.parse(null)).toBeNull();
    expect(poNumberSchema.parse(undefined)).toBeNull();
  });

  it.each([
    ['a tab', 'PO\t42'],
    ['a line feed', 'PO\n42'],
    ['a carriage return', 'PO\r42'],
    ['NUL', 'PO\u000042'],
    ['DEL', 'PO\u007f42'],
    ['a C1 control', 'PO\u008542'],
    ['a right-to-left override', 'PO\u202e42'],
    ['a line separator', 'PO\u202842'],
  ])('refuses %s inside the text', (_name, value) => {
    expect(messagesOf(value)).toEqual([PO_NUMBER_MESSAGES.unprintable]);
  });

  it('accepts printable text of any script, with the punctuation PO numbers use', () => {
    for (const value of ['PO-2024/0042 #7', 'Bestellung Nr. 42 (Müller)', '注文-42', 'A&B "Q3" 50%']) {
      expect(poNumberSchema.parse(value)).toBe(value);
    }
  });

  it('refuses what is not text', () => {
    expect(poNumberSchema.safeParse(42).success).toBe(false);
    expect(poNumberSchema.safeParse(['PO-1']).success).toBe(false);
  });

  it('is part of the submission, null when not sent', () => {
    const body = {
      customer: { customerName: 'Ada Buyer', customerEmail: 'ada@example.com', businessName: 'Mist Shop' },
      orderItems: [{ productId: 1, quantity: 12 }],
    };
    expect(createDraftOrderRequestSchema.parse(body).poNumber).toBeNull();
    expect(createDraftOrderRequestSchema.parse({ ...body, poNumber: ' PO-7 ' }).poNumber).toBe('PO-7');
    const refused = createDraftOrderRequestSchema.safeParse({ ...body, poNumber: 'P'.repeat(61) });
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['poNumber']]);
  });
});
