import { describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE, orderProgress, statusBadge } from './order-status';

describe('statusBadge (docs/orders.md#order-timeline, docs/orders.md#order-states)', () => {
  it.each([
    ['delivered', 'Delivered', 'success'],
    ['completed', 'Delivered', 'success'],
    ['pending', 'Pending', 'warning'],
    ['submitted', 'Pending', 'warning'],
    ['on_hold', 'On hold', 'warning'],
    ['processing', 'Processing', 'secondary'],
    ['shipped', 'Shipped', 'success'],
    ['cancelled', 'Cancelled', 'destructive'],
  ])('shows %s as %s in %s', (status, label, variant) => {
    expect(statusBadge(status)).toEqual({ label, variant });
  });

  it('treats a missing status as pending', () => {
    expect(statusBadge(undefined)).toEqual({ label: 'Pending', variant: 'warning' });
    expect(statusBadge(null)).toEqual({ label: 'Pending', variant: 'warning' });
    expect(statusBadge('  ')).toEqual({ label: 'Pending', variant: 'warning' });
  });

  it('reads statuses whatever their case', () => {
    expect(statusBadge('Shipped')).toEqual({ label: 'Shipped', variant: 'success' });
    expect(statusBadge('CANCELLED').variant).toBe('destructive');
  });

  it('shows any other status capitalised, in a neutral badge', () => {
    expect(statusBadge('on_review')).toEqual({ label: 'On_review', variant: 'outline' });
    expect(statusBadge('refunded')).toEqual({ label: 'Refunded', variant: 'outline' });
  });
});

describe('orderProgress (docs/orders.md#order-timeline)', () => {
  it.each([
    ['pending', 1, 25],
    ['processing', 2, 50],
    ['shipped', 3, 75],
    ['delivered', 4, 100],
    ['completed', 4, 100],
    ['something-else', 1, 25],
    [undefined, 1, 25],
  ])('puts %s at step %i, filling %i %% of the bar', (status, step, percent) => {
    const progress = orderProgress(status);
    expect(progress).toMatchObject({ step, percent, cancelled: false, onHold: false });
    expect(progress.message).not.toBe('');
  });

  it('keeps an order on hold where a pending one is, the first step, with its own message', () => {
    expect(orderProgress('on_hold')).toEqual({
      step: 1,
      percent: 25,
      message: 'Your order is on hold. Our team will be in touch.',
      cancelled: false,
      onHold: true,
    });
    expect(orderProgress('ON_HOLD').onHold).toBe(true);
  });

  it('gives every step its own message', () => {
    const messages = ['pending', 'processing', 'shipped', 'delivered'].map(
      (status) => orderProgress(status).message,
    );
    expect(new Set(messages).size).toBe(4);
  });

  it('shows a cancelled order as cancelled, not as a step', () => {
    expect(orderProgress('cancelled')).toEqual({
      step: 0,
      percent: 0,
      message: CANCELLED_MESSAGE,
      cancelled: true,
      onHold: false,
    });
  });
});
