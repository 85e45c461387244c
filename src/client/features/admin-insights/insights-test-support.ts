import type { InsightsResponse } from '../../../shared/schemas/admin-insights';

/** An Insights answer as the server sends it (docs/admin.md#insights), taken on Wednesday 5 March 2031. */
export function buildInsights(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  const weeks = Array.from({ length: 12 }, (_, index) => {
    const monday = new Date(Date.UTC(2030, 11, 16) + index * 7 * 24 * 60 * 60 * 1000);
    return { weekStart: monday.toISOString().slice(0, 10), orders: 0, revenue: '0.00' };
  });
  weeks[10] = { ...weeks[10]!, orders: 2, revenue: '1200.50' };
  weeks[11] = { ...weeks[11]!, orders: 1, revenue: '300.00' };
  return {
    generatedAt: '2031-03-05T12:00:00.000Z',
    periodStart: '2030-12-16',
    lastOrderAt: '2031-03-04T09:30:00.000Z',
    weeks,
    totals: { orders: 3, revenue: '1500.50', averageOrderValue: '500.17' },
    tiers: [
      { tierId: 1, name: 'Starter', minimumCases: 1, orders: 1, revenue: '300.00' },
      { tierId: 4, name: 'Distributor', minimumCases: 5, orders: 2, revenue: '1200.50' },
      { tierId: null, name: 'No tier', minimumCases: null, orders: 0, revenue: '0.00' },
    ],
    pipeline: { pending: 4, onHold: 1, processing: 2, shipped: 1, delivered: 12 },
    oldestPendingOrder: {
      id: 7,
      orderNumber: 'WO-1007',
      businessName: 'Alder Apothecary',
      createdAt: '2031-02-26T12:00:00.000Z',
    },
    oldestPendingRegistration: {
      userId: 40,
      name: 'Robin Applicant',
      businessName: 'Cedar Corner',
      createdAt: '2031-03-03T08:00:00.000Z',
    },
    topCustomers: [
      {
        userId: 3,
        businessName: '=Birch, "Beauty"',
        customerName: 'Kim Birch',
        orders: 2,
        revenue: '1200.50',
        lastOrderAt: '2031-03-04T09:30:00.000Z',
      },
    ],
    overdue: {
      count: 1,
      total: '410.50',
      orders: [
        {
          id: 5,
          orderNumber: 'WO-1005',
          businessName: 'Dune Drugstore',
          amount: '410.50',
          dueAt: '2031-02-23T12:00:00.000Z',
          daysOverdue: 10,
        },
      ],
    },
    credit: {
      openBalance: '7834.00',
      overLimit: [
        {
          companyId: 6,
          companyName: 'Dune Drugstore',
          limit: '5000.00',
          openBalance: '5234.00',
          overBy: '234.00',
        },
      ],
      onHold: [{ companyId: 6, companyName: 'Dune Drugstore', orders: 1, total: '620.00' }],
    },
    ...overrides,
  };
}
