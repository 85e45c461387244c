import { toOrderStatus } from '../../../../shared/orders';

/*
 * Rules about an order's state that the transitions, the jobs and the views share (one home each).
 */

/**
 * Staff approved the order and it still stands: processing, shipped or delivered. Only then may the
 * customer pay (docs/orders.md#approval-and-payment: never before approval).
 */
export function isApprovedOrder(status: string): boolean {
  const current = toOrderStatus(status);
  return current === 'processing' || current === 'shipped' || current === 'delivered';
}
