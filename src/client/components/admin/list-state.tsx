import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** Marks the empty-state text (use-focus-after-row-removal.ts moves the focus there). */
export const LIST_EMPTY_ATTRIBUTE = 'data-list-empty';

/** The list's query (TanStack Query's result): pending, failed (with Retry) or loaded. */
interface ListQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface ListStateProps {
  query: ListQuery;
  isEmpty: boolean;
  /** The spec's loading text, e.g. 'Loading pending users...'. */
  loadingText: string;
  /** The spec's empty text; `emptyHint` is the line under it. */
  emptyText: string;
  emptyHint?: ReactNode;
  /** The error block's first line; the server's message (or 'Unknown error') follows it. */
  errorPrefix?: string;
  children: ReactNode;
}

/**
 * The three states every admin list has before its rows (issue 6 'Dashboard'): loading text, an error
 * block with Retry when loading fails, and explanatory text when there is nothing to list.
 */
export function ListState({
  query,
  isEmpty,
  loadingText,
  emptyText,
  emptyHint,
  errorPrefix = 'Could not load this list: ',
  children,
}: ListStateProps) {
  const { error } = query;
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {loadingText}
      </p>
    );
  }
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive-muted px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          {errorPrefix}
          {serverMessage(error, 'Unknown error')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      // Focusable from script: it takes the focus when an action removes the list's last row.
      <div className="rounded-lg py-10 text-center" tabIndex={-1} {...{ [LIST_EMPTY_ATTRIBUTE]: '' }}>
        <p className="font-medium">{emptyText}</p>
        {emptyHint ? <p className="mt-1 text-sm text-muted-foreground">{emptyHint}</p> : null}
      </div>
    );
  }
  return <>{children}</>;
}
