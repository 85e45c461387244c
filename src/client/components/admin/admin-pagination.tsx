import type { RefObject } from 'react';
import { NextPageButton, PreviousPageButton } from '../page-step-buttons';

interface AdminPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What the list holds, one and many: { one: 'order', many: 'orders' }. */
  noun: { one: string; many: string };
  /** The navigation's name for assistive technology, e.g. 'Order pages'. */
  label: string;
  /**
   * The list the pages show (tabIndex -1, named): it takes the focus after a page change, so the focus is
   * never lost with a button that becomes disabled (Next on the last page), and Tab goes on to the new
   * page's first row.
   */
  listRef: RefObject<HTMLElement | null>;
}

/**
 * An admin list's 'Showing 21–40 of 45 orders', Previous and Next (with 'Page 2 of 3' between them). A page
 * change moves the focus to the list, scrolled to its top when that is above the window.
 */
export function AdminPagination({
  page,
  totalPages,
  total,
  pageSize,
  onPageChange,
  noun,
  label,
  listRef,
}: AdminPaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  function changePage(next: number) {
    onPageChange(next);
    const list = listRef.current;
    if (!list) return;
    list.focus({ preventScroll: true });
    if (list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  }

  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total} {total === 1 ? noun.one : noun.many}
      </p>
      {totalPages > 1 ? (
        <div className="flex items-center gap-2">
          <PreviousPageButton page={page} onPageChange={changePage} />
          <span className="px-1 tabular-nums">
            Page {page} of {totalPages}
          </span>
          <NextPageButton page={page} totalPages={totalPages} onPageChange={changePage} />
        </div>
      ) : null}
    </nav>
  );
}
