import { NextPageButton, PreviousPageButton } from '../../components/page-step-buttons';

interface SupportPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** 'Showing 21–40 of 45 messages', Previous and Next. */
export function SupportPagination({
  page,
  totalPages,
  total,
  pageSize,
  onPageChange,
}: SupportPaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav
      aria-label="Message pages"
      className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total} {total === 1 ? 'message' : 'messages'}
      </p>
      {totalPages > 1 ? (
        <div className="flex items-center gap-2">
          <PreviousPageButton page={page} onPageChange={onPageChange} />
          <span className="px-1 tabular-nums">
            Page {page} of {totalPages}
          </span>
          <NextPageButton page={page} totalPages={totalPages} onPageChange={onPageChange} />
        </div>
      ) : null}
    </nav>
  );
}
