import { describe, expect, it } from 'vitest';
import { describeReconcileResult } from './shopify-reconcile';

describe('describeReconcileResult', () => {
  it('says what was checked, what failed and what is left for the next check', () => {
    expect(describeReconcileResult({ checked: 1, updated: 1, failed: 0, remaining: 0 })).toBe(
      'Checked 1 order with Shopify: 1 updated.',
    );
    expect(describeReconcileResult({ checked: 40, updated: 2, failed: 1, remaining: 160 })).toBe(
      'Checked 40 orders with Shopify: 2 updated. 1 order could not be checked. 160 orders left for the next check.',
    );
  });
});
