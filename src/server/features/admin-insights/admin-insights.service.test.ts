import { describe, expect, it } from 'vitest';
import { DELETED_TIER, NO_TIER, pipelineOf, tierRows } from './admin-insights.service';

const TIERS = [
  { id: 1, name: 'Starter', minimumCases: 1 },
  { id: 2, name: 'Retailer', minimumCases: 2 },
];

describe('Insights figures', () => {
  it('lists every tier of today (at zero without orders), then No tier and Deleted tier when they have orders', () => {
    expect(
      tierRows(TIERS, [
        { tierId: 2, orders: 3, revenueCents: 45000 },
        { tierId: null, orders: 1, revenueCents: 0 },
        { tierId: 7, orders: 2, revenueCents: 1000 },
        { tierId: 8, orders: 1, revenueCents: 505 },
      ]),
    ).toEqual([
      { tierId: 1, name: 'Starter', minimumCases: 1, orders: 0, revenue: '0.00' },
      { tierId: 2, name: 'Retailer', minimumCases: 2, orders: 3, revenue: '450.00' },
      { tierId: null, name: NO_TIER, minimumCases: null, orders: 1, revenue: '0.00' },
      { tierId: null, name: DELETED_TIER, minimumCases: null, orders: 3, revenue: '15.05' },
    ]);
    expect(tierRows(TIERS, []).map((row) => row.name)).toEqual(['Starter', 'Retailer']);
  });

  it('reads legacy statuses as the status they mean and leaves cancelled and unknown values out', () => {
    expect(
      pipelineOf([
        { status: 'pending', orders: 4 },
        { status: 'submitted', orders: 2 },
        { status: 'on_hold', orders: 8 },
        { status: 'processing', orders: 3 },
        { status: 'shipped', orders: 1 },
        { status: 'delivered', orders: 10 },
        { status: 'completed', orders: 5 },
        { status: 'cancelled', orders: 7 },
        { status: 'lost', orders: 9 },
      ]),
    ).toEqual({ pending: 6, onHold: 8, processing: 3, shipped: 1, delivered: 15 });
  });
});
