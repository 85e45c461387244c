import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StaleContent } from '../../../components/admin/stale-content';
import { formatOrderNumber } from '../../../../shared/orders';
import { ADMIN_SUPPORT_PAGE_SIZE, type AdminSupportMessage } from '../../../../shared/schemas/admin-support';
import { ADMIN_ORDER_PARAM, readLinkedOrderId } from '../../../components/admin/admin-links';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { ListState } from '../../../components/admin/list-state';
import { useFocusListWhenLost } from '../../../components/admin/use-keep-focus';
import { adminSupportListQueryOptions } from '../../../features/admin-support/admin-support-queries';
import { SupportMessageDialog } from '../../../features/admin-support/support-message-dialog';
import { SupportMessagesTable } from '../../../features/admin-support/support-messages-table';
import type { SupportStatusFilter } from '../../../features/admin-support/support-status';
import { SupportStatusFilterButtons } from '../../../features/admin-support/support-status-filter';
import { cn } from '../../../lib/cn';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';

/**
 * The 'Support' section of the admin dashboard (issue 7, beyond the spec): the messages customers send from
 * the support page, newest first, filtered by status and, through `?order={id}` (the Orders section links
 * here), by order; each with a status staff set as they work through them.
 */
export function SupportSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const orderId = readLinkedOrderId(searchParams);
  const [status, setStatus] = useState<SupportStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [pagedOrderId, setPagedOrderId] = useState(orderId);
  const [viewing, setViewing] = useState<AdminSupportMessage | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const messages = useQuery(adminSupportListQueryOptions({ status, orderId }, page));
  const data = messages.data;
  // A status change under a status filter takes its row (and the focused dropdown) out of the list.
  useFocusListWhenLost(listRef, data?.messages);
  // The dialog shows the list's copy of its message while the list holds it, so a change saved from the
  // row shows there too; once a filter drops it, the copy it opened with or last saved.
  const viewed = viewing && (data?.messages.find((message) => message.id === viewing.id) ?? viewing);

  // Another order's link (or the filter cleared) starts again from page 1.
  if (orderId !== pagedOrderId) {
    setPagedOrderId(orderId);
    setPage(1);
  }
  // A page emptied by a change (or a filter) that leaves fewer pages: show the last page there is.
  if (data && !messages.isPlaceholderData && data.totalPages > 0 && page > data.totalPages) {
    setPage(data.totalPages);
  }

  function clearOrderFilter() {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADMIN_ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="support" />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SupportStatusFilterButtons
          value={status}
          counts={data?.counts}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        {orderId !== null ? (
          <button
            type="button"
            onClick={clearOrderFilter}
            aria-label={`Order ${formatOrderNumber(orderId)}: clear the order filter`}
            className={cn(
              'inline-flex items-center gap-1.5 self-start rounded-full border border-border bg-accent px-3 py-1 text-sm font-medium sm:self-auto',
              'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            )}
          >
            Order {formatOrderNumber(orderId)}
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>

      {/* The list takes the focus after a page change, or when a change takes the focused row away. */}
      <div
        ref={listRef}
        tabIndex={-1}
        role="region"
        aria-label={
          data ? `Support messages, page ${page} of ${Math.max(data.totalPages, 1)}` : 'Support messages'
        }
        className="rounded-lg"
        aria-busy={messages.isFetching || undefined}
      >
        <ListState
          query={messages}
          isEmpty={data?.messages.length === 0}
          loadingText="Loading support messages..."
          emptyText="No support messages"
          emptyHint={emptyHint(status, orderId)}
          errorPrefix="Could not load support messages: "
        >
          {data ? (
            <StaleContent stale={messages.isPlaceholderData}>
              <SupportMessagesTable
                messages={data.messages}
                onView={setViewing}
                filteredByOrder={orderId !== null}
              />
              <AdminPagination
                page={data.page}
                totalPages={data.totalPages}
                total={data.total}
                pageSize={ADMIN_SUPPORT_PAGE_SIZE}
                onPageChange={setPage}
                noun={{ one: 'message', many: 'messages' }}
                label="Message pages"
                listRef={listRef}
              />
            </StaleContent>
          ) : null}
        </ListState>
      </div>

      {viewed ? (
        <SupportMessageDialog message={viewed} onUpdated={setViewing} onClose={() => setViewing(null)} />
      ) : null}
    </section>
  );
}

function emptyHint(status: SupportStatusFilter, orderId: number | null): string {
  if (orderId !== null && status !== 'all') return 'Try another status, or clear the order filter.';
  if (orderId !== null) return 'Clear the order filter to see every message.';
  if (status !== 'all') return 'Try another status.';
  return 'Messages customers send from the support page appear here.';
}
