import { describe, expect, it } from 'vitest';
import { readStoredCustomer, readStoredOrderDetails, readStoredRecentOrders } from './stored-support';

const userInfo = {
  id: 7,
  name: 'Ada Buyer',
  email: 'ada@example.com',
  phone: '555-0100',
  businessName: 'Mist Shop',
  accountCreated: '2030-01-01T00:00:00.000Z',
};

const orderDetails = {
  id: 12,
  orderNumber: 'WO-1012',
  status: 'shipped',
  createdAt: '2030-02-01T00:00:00.000Z',
  customerName: 'Ada Buyer',
  customerEmail: 'ada@example.com',
  businessName: 'Mist Shop',
  notes: null,
  shopifyOrderId: '#1001',
};

describe('readStoredCustomer', () => {
  it("reads the stored customer with the row's user id, which is null once the account is gone", () => {
    expect(readStoredCustomer(userInfo, 7)).toEqual(userInfo);
    expect(readStoredCustomer(userInfo, null)).toEqual({ ...userInfo, id: null });
  });

  it('keeps what it can of an odd entry and fills the rest', () => {
    expect(readStoredCustomer({ name: 'Grace', email: 42 }, 3)).toEqual({
      id: 3,
      name: 'Grace',
      email: '',
      phone: 'Not provided',
      businessName: '',
      accountCreated: '',
    });
    for (const odd of [null, 'text', [], 5]) {
      expect(readStoredCustomer(odd, null)).toMatchObject({ id: null, name: 'Unknown customer' });
    }
  });
});

describe('readStoredRecentOrders', () => {
  it('reads the spec-era entries (total 0, legacy status, no order number) and leaves out what is not an order', () => {
    expect(
      readStoredRecentOrders([
        { id: 3, orderNumber: 'WO-1003', date: '2030-01-03', status: 'pending', total: '12.50' },
        { id: 2, date: '2030-01-02', status: 'submitted', total: 0 },
        { id: 1, status: 'completed' },
        'junk',
        { orderNumber: 'no id' },
      ]),
    ).toEqual([
      { id: 3, orderNumber: 'WO-1003', date: '2030-01-03', status: 'pending', total: '12.50' },
      { id: 2, orderNumber: 'WO-1002', date: '2030-01-02', status: 'pending', total: '0.00' },
      { id: 1, orderNumber: 'WO-1001', date: '', status: 'delivered', total: '0.00' },
    ]);
    expect(readStoredRecentOrders({ not: 'a list' })).toEqual([]);
    expect(readStoredRecentOrders(null)).toEqual([]);
  });
});

describe('readStoredOrderDetails', () => {
  it('reads stored details as they are, and null as no order', () => {
    expect(readStoredOrderDetails(orderDetails, 12)).toEqual(orderDetails);
    expect(readStoredOrderDetails(null, null)).toBeNull();
  });

  it("takes the row's order link when the details lack an id, and reads a legacy status", () => {
    expect(readStoredOrderDetails({ status: 'completed', customerName: 'Ada' }, 9)).toEqual({
      id: 9,
      orderNumber: 'WO-1009',
      status: 'delivered',
      createdAt: '',
      customerName: 'Ada',
      customerEmail: '',
      businessName: '',
      notes: null,
      shopifyOrderId: null,
    });
    expect(readStoredOrderDetails({ status: 'pending' }, null)).toBeNull();
    expect(readStoredOrderDetails('junk', 9)).toBeNull();
  });
});
