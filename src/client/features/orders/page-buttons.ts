/** One entry of the pager: a page number, or a gap (two gaps can appear, so each has its own key). */
export type PageButton = number | 'gap-before' | 'gap-after';

/** Up to this many pages, every page gets a button (docs/storefront.md#order-history). */
const SHOW_ALL_UP_TO = 7;

/**
 * The numbered buttons of the order history pager (docs/storefront.md#order-history): every page when there
 * are 7 or fewer; otherwise the first, the last and a window of up to 3 around the current page (the page
 * before, itself and the page after, clipped to the pages between first and last), with a gap wherever pages
 * are left out. `current` outside 1..total is clamped, so a stale ?page= still gets a usable pager.
 */
export function buildPageButtons(current: number, total: number): PageButton[] {
  if (total < 1) return [];
  const all = Array.from({ length: total }, (_, index) => index + 1);
  if (total <= SHOW_ALL_UP_TO) return all;

  const page = Math.min(Math.max(Math.trunc(current) || 1, 1), total);
  const windowStart = Math.max(2, page - 1);
  const windowEnd = Math.min(total - 1, page + 1);

  const buttons: PageButton[] = [1];
  if (windowStart > 2) buttons.push('gap-before');
  for (let number = windowStart; number <= windowEnd; number += 1) buttons.push(number);
  if (windowEnd < total - 1) buttons.push('gap-after');
  buttons.push(total);
  return buttons;
}
