import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  SUPPORT_SUBJECTS,
  supportContactRequestSchema,
  type SupportPriority,
} from '../../../shared/schemas/support';
import { schemaResolver } from '../../lib/form';
import { parseOrderId } from '../../lib/orders';

/** What the form opens with: a subject and a priority, either of them still unchosen (''). */
export interface SupportPrefill {
  subject: string;
  priority: SupportPriority | '';
}

/** Contact Us and 'Contact Support': nothing chosen (docs/support-and-faq.md#support-page). */
export const EMPTY_PREFILL: SupportPrefill = { subject: '', priority: '' };
/** The Order Issues card (docs/support-and-faq.md#order-issue-links). */
export const ORDER_ISSUES_PREFILL: SupportPrefill = { subject: 'order-issue', priority: 'high' };
/** The Shipping Address card (docs/support-and-faq.md#support-page). */
export const SHIPPING_ADDRESS_PREFILL: SupportPrefill = { subject: 'shipping-question', priority: 'medium' };

/**
 * The order of an order-issue link, `?order={id}&type=order_issue`
 * (docs/support-and-faq.md#order-issue-links), or null: without the type, or with an id that cannot be an
 * order, the page opens as usual.
 */
export function parseOrderIssueLink(params: URLSearchParams): number | null {
  if (params.get('type') !== 'order_issue') return null;
  return parseOrderId(params.get('order'));
}

export interface SubjectOption {
  value: string;
  label: string;
}

/**
 * The Subject select's options: a prompt, the eleven subjects (docs/support-and-faq.md#subjects) and, first
 * among them, the order-issue subject of a link (it is no option of the list) and whatever else is selected,
 * so the select always shows the value it holds and the customer can return to the suggested subject.
 */
export function subjectOptions(selected: string, suggested: string): SubjectOption[] {
  const listed = new Set<string>(SUPPORT_SUBJECTS.map((option) => option.value));
  const extra = [...new Set([suggested, selected])].filter((value) => value !== '' && !listed.has(value));
  return [
    { value: '', label: 'Select a subject' },
    ...extra.map((value) => ({ value, label: value })),
    ...SUPPORT_SUBJECTS,
  ];
}

/**
 * What the form holds. `subject` is null until the customer picks one: until then the suggested subject (the
 * prefill's, which an order-issue link updates once the order has loaded) is the one shown and sent.
 */
export interface SupportFormValues {
  subject: string | null;
  priority: SupportPriority | '';
  message: string;
}

const supportFormSchema = supportContactRequestSchema.pick({ subject: true, priority: true, message: true });
/** The form's values once judged: the message trimmed. */
export type SupportFormData = z.output<typeof supportFormSchema>;

const judgeSupportForm = schemaResolver<SupportFormValues, SupportFormData>(supportFormSchema);

/**
 * The form's resolver: the API's own rules (docs/support-and-faq.md#contact-form), so the messages are the
 * server's, each field with its first message. Its context is the suggested subject, which stands in for a
 * subject not picked yet.
 */
export const supportFormResolver: Resolver<SupportFormValues, string, SupportFormData> = (
  values,
  suggestedSubject,
  options,
) => judgeSupportForm({ ...values, subject: values.subject ?? suggestedSubject ?? '' }, undefined, options);
