import { describe, expect, it } from 'vitest';
import type { FaqCategory } from '../../../shared/schemas/faq';
import {
  categoryPayload,
  itemPayload,
  newCategoryForm,
  newItemForm,
  orderAndStatus,
  parseDisplayOrder,
} from './faq-form';

const category = (id: number): FaqCategory => ({
  id,
  title: `Category ${id}`,
  displayOrder: id,
  isActive: true,
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
});

describe('parseDisplayOrder (docs/admin.md#faq-management: an integer, 0 when not a number)', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['-2', -2],
    ['4.7', 4],
    ['7abc', 7],
    ['abc', 0],
    ['', 0],
  ])('reads %j as %j', (text, expected) => expect(parseDisplayOrder(text)).toBe(expected));
});

describe('form defaults (docs/admin.md#faq-management)', () => {
  it('orders a new category after the existing ones, empty and active', () => {
    expect(newCategoryForm(4)).toEqual({ title: '', displayOrder: '4', isActive: true });
  });

  it('puts a new item in the filtered category, else the first, ordered after the listed items', () => {
    const categories = [category(5), category(9)];
    expect(newItemForm(9, categories, 3)).toEqual({
      categoryId: '9',
      question: '',
      answer: '',
      displayOrder: '3',
      isActive: true,
    });
    expect(newItemForm('all', categories, 0).categoryId).toBe('5');
    expect(newItemForm('all', [], 0).categoryId).toBe('');
  });
});

describe('payloads', () => {
  it('parses the display order and the category select as integers and keeps isActive', () => {
    expect(categoryPayload({ title: 'T', displayOrder: 'x', isActive: false })).toEqual({
      title: 'T',
      displayOrder: 0,
      isActive: false,
    });
    expect(
      itemPayload({ categoryId: '12', question: 'Q', answer: 'A', displayOrder: '2', isActive: true }),
    ).toEqual({ categoryId: 12, question: 'Q', answer: 'A', displayOrder: 2, isActive: true });
  });
});

it("shows 'Order: n | Status: Active/Inactive'", () => {
  expect(orderAndStatus({ displayOrder: 2, isActive: true })).toBe('Order: 2 | Status: Active');
  expect(orderAndStatus({ displayOrder: 0, isActive: false })).toBe('Order: 0 | Status: Inactive');
});
