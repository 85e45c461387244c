import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';

interface PageStepButtonProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** 'Previous' of a paged list: disabled on the first page. */
export function PreviousPageButton({ page, onPageChange }: Omit<PageStepButtonProps, 'totalPages'>) {
  return (
    <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
      <ChevronLeft aria-hidden="true" />
      Previous
    </Button>
  );
}

/** 'Next' of a paged list: disabled on the last page. */
export function NextPageButton({ page, totalPages, onPageChange }: PageStepButtonProps) {
  return (
    <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
      Next
      <ChevronRight aria-hidden="true" />
    </Button>
  );
}
