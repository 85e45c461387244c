import { describe, expect, it } from 'vitest';
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
