import { describe, expect, it } from 'vitest';
import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';
import { groupFaq } from './faq-groups';

const STAMP = '2031-01-01T00:00:00.000Z';

function category(id: number, displayOrder: number, title = `Category ${id}`): FaqCategory {
  return { id, title, displayOrder, isActive: true, createdAt: STAMP, updatedAt: STAMP };
}

function item(id: number, categoryId: number, displayOrder: number): FaqItem {
  return {
    id,
    categoryId,
    question: `Question ${id}`,
    answer: `Answer ${id}`,
    displayOrder,
    isActive: true,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

const shape = (groups: ReturnType<typeof groupFaq>) =>
  groups.map((group) => [group.category.id, group.items.map((entry) => entry.id)]);

describe('groupFaq', () => {
  it('orders categories and the items inside each by displayOrder, whatever order they arrive in', () => {
    const groups = groupFaq(
      [category(1, 2), category(2, 0), category(3, 1)],
      [item(10, 1, 5), item(11, 1, 1), item(12, 2, 0), item(13, 3, 3), item(14, 3, -1)],
    );
    expect(shape(groups)).toEqual([
      [2, [12]],
      [3, [14, 13]],
      [1, [11, 10]],
    ]);
  });

  it('breaks displayOrder ties by id, so the order never flips between loads', () => {
    const groups = groupFaq(
      [category(5, 0), category(4, 0)],
      [item(21, 5, 1), item(20, 5, 1), item(22, 4, 0)],
    );
    expect(shape(groups)).toEqual([
      [4, [22]],
      [5, [20, 21]],
    ]);
  });

  it('leaves out categories without items and items of a category that is not listed', () => {
    const groups = groupFaq([category(1, 0), category(2, 1)], [item(10, 2, 0), item(11, 99, 0)]);
    expect(shape(groups)).toEqual([[2, [10]]]);
  });

  it('is empty when there is nothing to show', () => {
    expect(groupFaq([], [])).toEqual([]);
    expect(groupFaq([category(1, 0)], [])).toEqual([]);
  });
});
