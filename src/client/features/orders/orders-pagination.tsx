import { NextPageButton, PreviousPageButton } from '../../components/page-step-buttons';
import { Button } from '../../components/ui/button';
import { buildPageButtons } from './page-buttons';

interface OrdersPaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/**
 * Previous, the numbered pages of docs/storefront.md#order-history and Next. Nothing when everything fits on
 * one page.
 */
export function OrdersPagination({ page, totalPages, onPageChange }: OrdersPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Order pages" className="flex flex-wrap items-center justify-center gap-1.5">
      <PreviousPageButton page={page} onPageChange={onPageChange} />
      {buildPageButtons(page, totalPages).map((button) =>
        typeof button === 'number' ? (
          <Button
            key={button}
            variant={button === page ? 'default' : 'outline'}
            size="sm"
            className="min-w-9 px-2"
            aria-label={`Page ${button}`}
            aria-current={button === page ? 'page' : undefined}
            onClick={() => onPageChange(button)}
          >
            {button}
          </Button>
        ) : (
          <span key={button} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ),
      )}
      <NextPageButton page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </nav>
  );
}
