import { Link } from 'react-router';
import { supportSubjectLabel } from '../../../shared/schemas/support';
import { type AdminSupportMessage } from '../../../shared/schemas/admin-support';
import { supportMessagesHref } from '../../components/admin/admin-links';
import { ViewButton } from '../../components/admin/view-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useIsMobile } from '../../lib/use-media-query';
import { describeMessage } from './describe-message';
import { formatSupportDate, replyMailto } from './format';
import { SupportPriorityBadge } from './support-priority-badge';
import { SupportStatusSelect } from './support-status-select';

interface SupportMessagesTableProps {
  messages: readonly AdminSupportMessage[];
  onView: (message: AdminSupportMessage) => void;
  /** The list already shows one order's messages: its order numbers need not link to that filter. */
  filteredByOrder: boolean;
}

/**
 * One page of messages: when, subject, priority, customer, order, status and 'View'. Under 768 px a
 * stacked list, as seven columns do not fit a phone.
 */
export function SupportMessagesTable(props: SupportMessagesTableProps) {
  return useIsMobile() ? <SupportMessagesList {...props} /> : <SupportMessagesGrid {...props} />;
}

function ViewMessageButton({
  message,
  onView,
}: {
  message: AdminSupportMessage;
  onView: (message: AdminSupportMessage) => void;
}) {
  return (
    <ViewButton label={`View ${describeMessage(message)}`} onClick={() => onView(message)}>
      View
    </ViewButton>
  );
}

function Subject({ message }: { message: AdminSupportMessage }) {
  return (
    <>
      <span className="block font-medium wrap-anywhere">{supportSubjectLabel(message.subject)}</span>
      {/* A glimpse of the message, so the list can be triaged without opening each one. */}
      <span className="line-clamp-2 text-xs wrap-anywhere text-muted-foreground">{message.message}</span>
    </>
  );
}

function Customer({ message }: { message: AdminSupportMessage }) {
  const { customer } = message;
  return (
    <>
      <span className="block wrap-anywhere">{customer.name}</span>
      <span className="block text-xs wrap-anywhere text-muted-foreground">{customer.businessName}</span>
      <a
        href={replyMailto(customer.email, supportSubjectLabel(message.subject))}
        className="block text-xs wrap-anywhere text-primary underline-offset-4 hover:underline"
      >
        {customer.email}
      </a>
    </>
  );
}

function LinkedOrder({
  message,
  filteredByOrder,
}: {
  message: AdminSupportMessage;
  filteredByOrder: boolean;
}) {
  const { order } = message;
  if (!order) return <span>—</span>;
  if (filteredByOrder) return <span className="whitespace-nowrap">{order.orderNumber}</span>;
  return (
    <Link
      to={supportMessagesHref(order.id)}
      aria-label={`${order.orderNumber}: show only the messages about this order`}
      className="whitespace-nowrap text-primary underline-offset-4 hover:underline"
    >
      {order.orderNumber}
    </Link>
  );
}

function SupportMessagesGrid({ messages, onView, filteredByOrder }: SupportMessagesTableProps) {
  return (
    <Table aria-label="Support messages">
      <TableHeader>
        <TableRow>
          <TableHead>Received</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Priority</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Order</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {messages.map((message) => (
          <TableRow key={message.id}>
            <TableCell className="whitespace-nowrap">{formatSupportDate(message.createdAt)}</TableCell>
            <TableCell className="max-w-72 min-w-40">
              <Subject message={message} />
            </TableCell>
            <TableCell>
              <SupportPriorityBadge priority={message.priority} />
            </TableCell>
            <TableCell className="max-w-60 min-w-40">
              <Customer message={message} />
            </TableCell>
            <TableCell>
              <LinkedOrder message={message} filteredByOrder={filteredByOrder} />
            </TableCell>
            <TableCell>
              <SupportStatusSelect message={message} className="w-32" />
            </TableCell>
            <TableCell>
              <ViewMessageButton message={message} onView={onView} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SupportMessagesList({ messages, onView, filteredByOrder }: SupportMessagesTableProps) {
  return (
    <ul aria-label="Support messages" className="divide-y divide-border rounded-lg border border-border">
      {messages.map((message) => (
        <li key={message.id} className="space-y-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Subject message={message} />
              <p className="mt-1 text-xs text-muted-foreground">{formatSupportDate(message.createdAt)}</p>
            </div>
            <SupportPriorityBadge priority={message.priority} />
          </div>
          <div className="min-w-0">
            <Customer message={message} />
          </div>
          <p>
            <span className="text-muted-foreground">Order: </span>
            <LinkedOrder message={message} filteredByOrder={filteredByOrder} />
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <SupportStatusSelect message={message} className="min-w-36" />
            <ViewMessageButton message={message} onView={onView} />
          </div>
        </li>
      ))}
    </ul>
  );
}
