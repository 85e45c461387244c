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

  describe('an order staff prepared (docs/orders.md#staff-prepare-an-order)', () => {
    const prepared = {
      note: 'As discussed on the phone',
      expiresAt: '2031-03-18T15:30:00.000Z',
      confirmedAt: null,
      confirmedBy: null,
      declinedAt: null,
      declineReason: null,
      expiredAt: null,
    };
    const labels = (order: Parameters<typeof buildTimeline>[0], storeName?: string) =>
      buildTimeline(order, storeName).map(({ label, status, at }) => ({ label, status, at }));

    it("starts 'Prepared by {store} staff', then 'Confirmed', waiting for the buyer", () => {
      expect(labels({ ...none, prepared }, 'Dewdrop Botanicals').slice(0, 3)).toEqual([
        {
          label: 'Prepared by Dewdrop Botanicals staff',
          status: 'Awaiting your confirmation',
          at: '2031-03-04T15:30:00.000Z',
        },
        { label: 'Confirmed', status: 'Pending', at: null },
        { label: 'Approved', status: 'Processing', at: null },
      ]);
    });

    it("reads 'Prepared by staff' without the store's name", () => {
      expect(labels({ ...none, prepared })[0]?.label).toBe('Prepared by staff');
    });

    it('names the buyer who confirmed it, with the date', () => {
      const confirmed = {
        ...prepared,
        confirmedAt: '2031-03-05T09:00:00.000Z',
        confirmedBy: { id: 7, name: 'Jane Doe' },
      };
      expect(labels({ ...none, prepared: confirmed }, 'Dewdrop Botanicals').slice(0, 2)).toEqual([
        {
          label: 'Prepared by Dewdrop Botanicals staff',
          status: 'Awaiting your confirmation',
          at: '2031-03-04T15:30:00.000Z',
        },
        { label: 'Confirmed by Jane Doe', status: 'Pending', at: '2031-03-05T09:00:00.000Z' },
      ]);
    });

    it("ends a declined one 'Declined by {buyer}' after the steps it reached", () => {
      expect(
        labels(
          {
            ...none,
            prepared: { ...prepared, declinedAt: '2031-03-06T09:00:00.000Z', declineReason: 'Too many' },
            cancelledAt: '2031-03-06T09:00:00.000Z',
            cancelledBy: { id: 7, name: 'Jane Doe' },
          },
          'Dewdrop Botanicals',
        ),
      ).toEqual([
        {
          label: 'Prepared by Dewdrop Botanicals staff',
          status: 'Awaiting your confirmation',
          at: '2031-03-04T15:30:00.000Z',
        },
        { label: 'Declined by Jane Doe', status: 'Cancelled', at: '2031-03-06T09:00:00.000Z' },
      ]);
    });

    it("ends an expired one 'Expired unconfirmed' on the day it expired", () => {
      expect(
        labels({
          ...none,
          prepared: { ...prepared, expiredAt: '2031-03-18T15:30:00.000Z' },
          cancelledAt: '2031-03-18T15:31:00.000Z',
        }).map(({ label, at }) => [label, at]),
      ).toEqual([
        ['Prepared by staff', '2031-03-04T15:30:00.000Z'],
        ['Expired unconfirmed', '2031-03-18T15:30:00.000Z'],
      ]);
    });
  });
});
