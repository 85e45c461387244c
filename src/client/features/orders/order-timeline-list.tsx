import { CircleCheck, Circle } from 'lucide-react';
import type { OrderDetail } from '../../../shared/schemas/orders';
import { cn } from '../../lib/cn';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { buildTimeline, type TimelineEntry } from '../../../shared/order-timeline';
import { useStoreConfig } from '../../lib/store-config';

/** The steps that end an order short of delivery, drawn in the destructive colour. */
const ENDINGS: ReadonlySet<TimelineEntry['event']> = new Set(['cancelled', 'declined', 'expired']);

/**
 * Submitted → Approved → Invoice sent → Paid → Shipped → Delivered (docs/orders.md#order-timeline), with the
 * dates that exist, and the status a step led to where its name differs ('Approved · Processing'). An order
 * staff prepared starts 'Prepared by {store} staff', with the store's name once the config has loaded.
 */
export function OrderTimelineList({ order }: { order: OrderDetail }) {
  const storeName = useStoreConfig().data?.storeName;
  return (
    <ol aria-label="Order timeline" className="space-y-3">
      {buildTimeline(order, storeName).map((entry) => {
        const done = entry.at !== null;
        const Icon = done ? CircleCheck : Circle;
        return (
          <li key={entry.event} className="flex items-start gap-3">
            <Icon
              aria-hidden="true"
              className={cn(
                'mt-0.5 size-4 shrink-0',
                done ? (ENDINGS.has(entry.event) ? 'text-destructive' : 'text-primary') : 'text-border',
              )}
            />
            <div className="flex flex-1 flex-wrap justify-between gap-x-3">
              <span className={done ? 'font-medium' : 'text-muted-foreground'}>
                {entry.label}
                {/* The badge's word for where this step led: 'Approved · Processing'. */}
                {entry.status ? (
                  <span className="font-normal text-muted-foreground"> · {entry.status}</span>
                ) : null}
              </span>
              <span className="text-sm text-muted-foreground">
                {done ? formatDate(entry.at, DATE_TIME_FORMAT) : 'Not yet'}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
