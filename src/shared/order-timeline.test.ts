import { describe, expect, it } from 'vitest';
import { buildTimeline } from './order-timeline';

const none = {
  createdAt: '2031-03-04T15:30:00.000Z',
  approvedAt: null,
  invoiceSentAt: null,
  paidAt: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
};

describe('buildTimeline (docs/orders.md#order-timeline)', () => {
  it('lists Submitted → Approved → Invoice sent → Paid → Shipped → Delivered with the dates that exist', () => {
    expect(
      buildTimeline({ ...none, approvedAt: '2031-03-05T09:00:00.000Z' }).map(({ label, at }) => ({
        label,
        at,
      })),
    ).toEqual([
      { label: 'Submitted', at: '2031-03-04T15:30:00.000Z' },
      { label: 'Approved', at: '2031-03-05T09:00:00.000Z' },
      { label: 'Invoice sent', at: null },
      { label: 'Paid', at: null },
      { label: 'Shipped', at: null },
      { label: 'Delivered', at: null },
    ]);
  });

  it("names the status a step led to where the words differ: one vocabulary with the badge's", () => {
    expect(buildTimeline(none).map(({ label, status }) => [label, status])).toEqual([
      ['Submitted', 'Pending'],
      ['Approved', 'Processing'],
      ['Invoice sent', null],
      ['Paid', null],
      ['Shipped', null],
      ['Delivered', null],
    ]);
  });

  it('ends a cancelled order with Cancelled after the steps it reached', () => {
    expect(
      buildTimeline({
        ...none,
        approvedAt: '2031-03-05T09:00:00.000Z',
        cancelledAt: '2031-03-06T09:00:00.000Z',
      }).map((entry) => entry.label),
    ).toEqual(['Submitted', 'Approved', 'Cancelled']);
  });
});
