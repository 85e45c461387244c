import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPageButtons } from './page-buttons';

describe('buildPageButtons (docs/storefront.md#order-history)', () => {
  it('has no buttons when there are no pages', () => {
    expect(buildPageButtons(1, 0)).toEqual([]);
  });

  it('shows every page when there are 7 or fewer', () => {
    expect(buildPageButtons(1, 1)).toEqual([1]);
    expect(buildPageButtons(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(buildPageButtons(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows first, last and the pages around the current one, with gaps, from 8 pages on', () => {
    expect(buildPageButtons(5, 10)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 10]);
    expect(buildPageButtons(4, 8)).toEqual([1, 'gap-before', 3, 4, 5, 'gap-after', 8]);
  });

  it('clips the window at the first page', () => {
    expect(buildPageButtons(1, 10)).toEqual([1, 2, 'gap-after', 10]);
    expect(buildPageButtons(2, 10)).toEqual([1, 2, 3, 'gap-after', 10]);
    expect(buildPageButtons(3, 10)).toEqual([1, 2, 3, 4, 'gap-after', 10]);
  });

  it('clips the window at the last page', () => {
    expect(buildPageButtons(10, 10)).toEqual([1, 'gap-before', 9, 10]);
    expect(buildPageButtons(9, 10)).toEqual([1, 'gap-before', 8, 9, 10]);
    expect(buildPageButtons(8, 10)).toEqual([1, 'gap-before', 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(buildPageButtons(0, 10)).toEqual(buildPageButtons(1, 10));
    expect(buildPageButtons(99, 10)).toEqual(buildPageButtons(10, 10));
    expect(buildPageButtons(Number.NaN, 10)).toEqual(buildPageButtons(1, 10));
  });

  it('always holds first, last and current, ascending, with at most 3 pages in the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 500 }), fc.integer({ min: 1, max: 500 }), (total, raw) => {
        const current = Math.min(raw, total);
        const buttons = buildPageButtons(current, total);
        const pages = buttons.filter((button): button is number => typeof button === 'number');
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        expect(pages.every((page, index) => index === 0 || page > (pages[index - 1] ?? 0))).toBe(true);
        const window = pages.filter((page) => page !== 1 && page !== total);
        expect(window.length).toBeLessThanOrEqual(3);
        expect(window.every((page) => Math.abs(page - current) <= 1)).toBe(true);
        // A gap stands exactly where pages are left out.
        for (let index = 1; index < buttons.length; index += 1) {
          const before = buttons[index - 1];
          const here = buttons[index];
          if (typeof before === 'number' && typeof here === 'number') expect(here).toBe(before + 1);
        }
        expect(buttons.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});
