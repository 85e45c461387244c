import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { StaleContent } from '../../../components/admin/stale-content';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderStatusFilterSchema,
  type AdminOrder,
  type AdminOrderStatusFilter,
} from '../../../../shared/schemas/admin-orders';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { ListState } from '../../../components/admin/list-state';
import { useFocusListWhenLost } from '../../../components/admin/use-keep-focus';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { adminOrderListQueryOptions } from '../../../features/admin-orders/admin-orders-queries';
import { OrdersExportButton } from '../../../features/admin-orders/orders-export';
import { AdminOrdersTable } from '../../../features/admin-orders/admin-orders-table';
import { STATUS_FILTER_OPTIONS } from '../../../features/admin-orders/admin-order-status';
import { NewOrderDialog } from '../../../features/admin-orders/new-order-dialog';
import { OrderItemsDialog } from '../../../features/admin-orders/order-items-dialog';
import { ShopifyReconcileButton } from '../../../features/admin-orders/shopify-reconcile-button';
import { useDebouncedValue } from '../../../features/admin-orders/use-debounced-value';

/** The search waits for the typing to pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The 'Order Management' section of the admin dashboard (docs/admin.md#orders): search, status
 * filter, the paged list newest first, each row's status dropdown and items (where a pending order's lines
 * are edited), the CSV export of what the filter matches, and 'New order' for a buyer to confirm. Rendered by
 * the dashboard shell.
 */
export function OrdersSection() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<AdminOrderStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [creating, setCreating] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const filter = { search, status };
  const orders = useQuery(adminOrderListQueryOptions(filter, page));
  const data = orders.data;
  // A status change under a status filter takes its row (and the focused dropdown) out of the list.
  useFocusListWhenLost(listRef, data?.orders);

  // A page emptied by a change (or a filter) that leaves fewer pages: show the last page there is.
  if (data && !orders.isPlaceholderData && data.totalPages > 0 && page > data.totalPages) {
    setPage(data.totalPages);
  }

  const filtered = search.trim() !== '' || status !== 'all';
  // The order viewed as the list now has it (a change by the buyer or another administrator shows there).
  const viewed = viewing && (data?.orders.find((order) => order.id === viewing.id) ?? viewing);

  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader
        id="orders"
        actions={
          <>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New order
            </Button>
            <ShopifyReconcileButton />
            <OrdersExportButton filter={filter} />
          </>
        }
      />

      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field
          label="Search orders"
          type="search"
          placeholder="Customer, e-mail, business, order or PO number"
          value={searchText}
          maxLength={200}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          onChange={(event) => {
            const next = adminOrderStatusFilterSchema.safeParse(event.target.value);
            if (next.success) {
              setStatus(next.data);
              setPage(1);
            }
          }}
        />
      </div>

      {/* The list takes the focus after a page change, or when a change takes the focused row away. */}
      <div
        ref={listRef}
        tabIndex={-1}
        role="region"
        aria-label={data ? `Orders, page ${page} of ${Math.max(data.totalPages, 1)}` : 'Orders'}
        className="rounded-lg"
        aria-busy={orders.isFetching || undefined}
      >
        <ListState
          query={orders}
          isEmpty={data?.orders.length === 0}
          loadingText="Loading orders..."
          emptyText="No orders found"
          emptyHint={filtered ? 'Try another search or status.' : undefined}
          errorPrefix="Could not load orders: "
        >
          {data ? (
            <StaleContent stale={orders.isPlaceholderData}>
              <AdminOrdersTable orders={data.orders} onViewItems={setViewing} />
              <AdminPagination
                page={data.page}
                totalPages={data.totalPages}
                total={data.total}
                pageSize={ADMIN_ORDERS_PAGE_SIZE}
                onPageChange={setPage}
                noun={{ one: 'order', many: 'orders' }}
                label="Order pages"
                listRef={listRef}
              />
            </StaleContent>
          ) : null}
        </ListState>
      </div>

      {viewed ? <OrderItemsDialog order={viewed} onClose={() => setViewing(null)} /> : null}
      <NewOrderDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
