import { describe, expect, it } from 'vitest';
import { orderStatusSchema } from '../../../shared/schemas/orders';
import { mayMoveOrder, statusOptionsFor } from './admin-order-status';
import { buildAdminOrder } from './admin-orders-test-support';
import { statusChangeWords } from './order-status-select';

describe('what a status change says it does (docs/orders.md#order-vocabulary)', () => {
  it('calls the move of a pending order to Processing an approval that sends the invoice, on its terms', () => {
    expect(statusChangeWords(buildAdminOrder({ paymentTerms: 'net30' }), 'processing')).toEqual({
      title: 'Approve order WO-1001?',
      description:
        'Approving moves it to Processing and sends jane@shop.test the Shopify invoice for $313.80, due 30 days from today (Net 30), with an e-mail that the order is approved.',
      confirmLabel: 'Approve and send invoice',
    });
  });

  it('calls the move of a held order to Processing an approval too, and its move to Pending a release', () => {
    const held = buildAdminOrder({ status: 'on_hold', paymentTerms: 'net30' });
    expect(statusChangeWords(held, 'processing')).toMatchObject({
      title: 'Approve order WO-1001?',
      confirmLabel: 'Approve and send invoice',
    });
    expect(statusChangeWords(held, 'pending')).toEqual({
      title: 'Change order WO-1001 to Pending?',
      description: 'The hold is released: the order goes back to waiting for approval.',
      confirmLabel: 'Change Status',
    });
  });

  it('says that moving back to pending stops the due date and the payment notices', () => {
    expect(statusChangeWords(buildAdminOrder({ status: 'processing' }), 'pending')).toMatchObject({
      title: 'Change order WO-1001 to Pending?',
      description: 'The order goes back to waiting for approval: its due date and payment notices stop.',
      confirmLabel: 'Change Status',
    });
  });

  it('is a plain change for any other move, which e-mails the customer', () => {
    expect(statusChangeWords(buildAdminOrder({ status: 'processing' }), 'shipped')).toEqual({
      title: 'Change order WO-1001 to Shipped?',
      description: 'The customer is e-mailed about the new status.',
      confirmLabel: 'Change Status',
    });
  });
});

describe("where staff may move an order (orders awaiting the buyer's confirmation)", () => {
  const statuses = orderStatusSchema.options;

  it("never offers 'awaiting the buyer's confirmation' as a target: only New order prepares one", () => {
    for (const from of statuses) expect(mayMoveOrder(from, 'awaiting_confirmation'), from).toBe(false);
    for (const from of statuses.filter((status) => status !== 'awaiting_confirmation')) {
      const held = from === 'pending' || from === 'on_hold' ? ['on_hold'] : [];
      expect(
        statusOptionsFor(from).map((option) => option.value),
        from,
      ).toEqual(['pending', ...held, 'processing', 'shipped', 'delivered', 'cancelled']);
    }
  });

  it("offers 'On hold' only from Pending, or as the status an order already has", () => {
    expect(statuses.filter((from) => mayMoveOrder(from, 'on_hold'))).toEqual(['pending']);
    expect(statusOptionsFor('pending').map((option) => option.label)).toEqual([
      'Pending',
      'On hold',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    // A held order may be approved, released to Pending or cancelled.
    expect(statusOptionsFor('on_hold').map((option) => option.value)).toEqual([
      'pending',
      'on_hold',
      'processing',
      'shipped',
      'delivered',
      'cancelled',
    ]);
  });

  it('moves an order awaiting the buyer only to Cancelled: confirming or declining it is theirs', () => {
    expect(statuses.filter((to) => mayMoveOrder('awaiting_confirmation', to))).toEqual(['cancelled']);
    expect(statusOptionsFor('awaiting_confirmation')).toEqual([
      { value: 'awaiting_confirmation', label: "Awaiting buyer's confirmation" },
      { value: 'cancelled', label: 'Cancelled' },
    ]);
  });

  it('says that a cancelled prepared order can no longer be confirmed', () => {
    expect(statusChangeWords(buildAdminOrder({ status: 'awaiting_confirmation' }), 'cancelled')).toEqual({
      title: 'Change order WO-1001 to Cancelled?',
      description: 'jane@shop.test has not confirmed it yet. Once cancelled, it can no longer be confirmed.',
      confirmLabel: 'Change Status',
    });
  });
});
