// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOrderItem, testerItem } from '../../test-support/order-fixtures';
import { OrderItemsTable } from './order-items-table';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function useViewport(mobile: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { matches: mobile && query === '(max-width: 767.98px)', media: query });
  });
}

const items = [
  buildOrderItem(),
  buildOrderItem({
    id: 2,
    productId: 40,
    name: 'Case of Mixed Bottles',
    productName: 'Case of Mixed Bottles',
    sku: '800-0004',
    unit: 'bundle',
    quantity: 1,
    units: 12,
    caseCount: 1,
    price: '83.76',
    priceForCalculation: 83.76,
    lineTotal: '83.76',
  }),
  testerItem,
];

describe('order items', () => {
  it('shows a table with cases, bottles, unit price and total on wide screens', () => {
    useViewport(false);
    render(<OrderItemsTable items={items} label="Order Items" />);

    const rows = within(screen.getByRole('table', { name: 'Order Items' })).getAllByRole('row');
    const cells = rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Product', 'Cases', 'Bottles', 'Price', 'Total'],
      ['4 oz bottleSKU: 800-0001', '2', '24', '$10.65 / bottle', '$255.60'],
      ['Case of Mixed BottlesSKU: 800-0004', '1', '12', '$83.76 / bundle', '$83.76'],
      ['Free in-store testerSKU: 800-0003', '—', '1', 'Free', '$0.00'],
    ]);
  });

  it('stacks each line under 768 px, where five columns do not fit', () => {
    useViewport(true);
    render(<OrderItemsTable items={items} label="Order Items" />);

    expect(screen.queryByRole('table')).toBeNull();
    const lines = within(screen.getByRole('list', { name: 'Order Items' })).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[1]!.textContent).toContain('1 bundle · 12 bottles · $83.76 / bundle');
    expect(lines[1]!.textContent).toContain('$83.76');
    expect(lines[2]!.textContent).toContain('1 tester');
    expect(lines[2]!.textContent).toContain('Free');
  });
});
