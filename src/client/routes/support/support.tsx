import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderDetailResponse } from '../../../shared/schemas/orders';
import { orderIssueSubject } from '../../../shared/schemas/support';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/ui/spinner';
import { orderDetailQueryOptions } from '../../features/orders/orders-queries';
import { ContactForm } from '../../features/support/contact-form';
import { FaqSection } from '../../features/support/faq-section';
import { MessageSent } from '../../features/support/message-sent';
import { QuickCards } from '../../features/support/quick-cards';
import { parseOrderIssueLink } from '../../features/support/support-form-model';
import {
  cancelSupportForm,
  initialSupportView,
  openSupportForm,
  sendAnotherMessage,
  supportMessageSent,
} from '../../features/support/support-view';
import { ApiError } from '../../lib/api';
import { OrderContextCard } from './order-context-card';

/**
 * /support and /account/support (docs/support-and-faq.md#support-page): quick cards or the contact form, then
 * the FAQ. `?order={id}&type=order_issue` opens the form about that order at once.
 */
export function SupportPage() {
  const [searchParams] = useSearchParams();
  const linkedOrderId = parseOrderIssueLink(searchParams);
  return (
    <div className="space-y-10">
      <PageTitle>Customer Support</PageTitle>
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">Customer Support</h1>
        <p className="text-muted-foreground">
          Find answers to common questions, or send our support team a message.
        </p>
      </header>
      {/* Keyed by the link, so following another order's Report Issue starts over with that order. */}
      <SupportContact key={linkedOrderId ?? 'none'} linkedOrderId={linkedOrderId} />
      <FaqSection />
    </div>
  );
}

function SupportContact({ linkedOrderId }: { linkedOrderId: number | null }) {
  const [state, setState] = useState(() => initialSupportView(linkedOrderId));
  const onCancel = () => setState(cancelSupportForm);
  const onSent = () => setState(supportMessageSent);

  switch (state.view) {
    case 'cards':
      return (
        <QuickCards
          focusOnMount={state.focusHeading}
          onChoose={(prefill) => setState((current) => openSupportForm(current, prefill))}
        />
      );
    case 'sent':
      return <MessageSent onSendAnother={() => setState(sendAnotherMessage)} />;
    case 'form':
      return (
        <ContactForm
          key={state.formKey}
          prefill={state.prefill}
          orderId={null}
          onCancel={onCancel}
          onSent={onSent}
        />
      );
    case 'order-issue':
      return <OrderIssueForm orderId={state.orderId} onCancel={onCancel} onSent={onSent} />;
  }
}

interface OrderIssueFormProps {
  orderId: number;
  onCancel: () => void;
  onSent: () => void;
}

/**
 * The form of an order-issue link (docs/support-and-faq.md#order-issue-links): subject 'Order Issue - Order
 * #WO-1042' (the order's number, never its Shopify name), priority high, and the Order
 * Context card beside it. Someone else's order (or a missing one) answers 404: no card, nothing revealed, the
 * form still works.
 */
function OrderIssueForm({ orderId, onCancel, onSent }: OrderIssueFormProps) {
  const detail = useQuery(orderDetailQueryOptions(orderId));
  const prefill = {
    subject: orderIssueSubject(orderId),
    priority: 'high' as const,
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <ContactForm prefill={prefill} orderId={orderId} onCancel={onCancel} onSent={onSent} />
      <OrderContext detail={detail} />
    </div>
  );
}

/**
 * The Order Context card, or what stands in for it: 'Loading order details...', nothing for a 404 (the
 * customer's own order only; anyone else's must look the same as one that does not exist), and for any
 * other failure a short error with Retry, so a passing fault does not pass for a missing order.
 */
function OrderContext({ detail }: { detail: UseQueryResult<OrderDetailResponse> }) {
  if (detail.data) return <OrderContextCard detail={detail.data} />;
  if (detail.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading order details...
      </p>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) return null;
  return (
    <LoadError compact onRetry={() => void detail.refetch()} retrying={detail.isFetching}>
      <p>The order details could not be loaded. You can still send your message.</p>
    </LoadError>
  );
}
