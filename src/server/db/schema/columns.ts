import { customType, timestamp } from 'drizzle-orm/pg-core';
import { centsToDecimal, parseDecimalToCents } from '../../../shared/money';

/**
 * decimal(10,2) in the database, integer cents in TypeScript (ADR 0002): the only place money is a decimal.
 * Drivers return numeric as a string (node-postgres) or may return a number; both parse exactly.
 */
export const cents = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(10, 2)',
  toDriver: (value) => centsToDecimal(value),
  fromDriver: (value) => parseDecimalToCents(String(value)),
});

/** decimal(5,2) percentage in the database ("7.50"), hundredths of a percent in TypeScript (750). */
export const percentHundredths = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(5, 2)',
  toDriver: (value) => centsToDecimal(value),
  fromDriver: (value) => parseDecimalToCents(String(value)),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The shipping address columns an order (its snapshot) and a user (the profile) both have. */
export type ShippingColumn =
  | 'shippingAddress'
  | 'shippingAddressLine1'
  | 'shippingAddressLine2'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingZip'
  | 'shippingCountry';
