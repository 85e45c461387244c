/**
 * Payment terms (docs/orders.md#payment-terms): a customer pays on approval (the default, through Shopify's
 * invoice) or on account within 15, 30 or 60 days of approval. An order keeps the terms it was submitted
 * under; its due date is set when staff approve it.
 */
export const PAYMENT_TERMS = ['on_approval', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERMS_LABELS: Readonly<Record<PaymentTerms, string>> = {
  on_approval: 'Pay on approval',
  net15: 'Net 15',
  net30: 'Net 30',
  net60: 'Net 60',
};

/** Days from approval to the due date; null for 'Pay on approval' (no due date). Shopify's NET templates. */
export const PAYMENT_TERMS_DAYS: Readonly<Record<PaymentTerms, number | null>> = {
  on_approval: null,
  net15: 15,
  net30: 30,
  net60: 60,
};

/** The buyer is e-mailed this many days before the due date, and once more the day after it. */
export const DUE_SOON_NOTICE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export function isNetTerms(terms: PaymentTerms): boolean {
  return PAYMENT_TERMS_DAYS[terms] !== null;
}

/** When an order issued (approved) at `issuedAt` under `terms` falls due, or null for 'Pay on approval'. */
export function paymentDueAt(terms: PaymentTerms, issuedAt: Date): Date | null {
  const days = PAYMENT_TERMS_DAYS[terms];
  return days === null ? null : new Date(issuedAt.getTime() + days * DAY_MS);
}

const DUE_DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A due date as e-mails and documents print it, e.g. 'Dec 27, 2026' (UTC: the server has no reader's zone). */
export function formatDueDate(date: Date | string): string {
  return DUE_DATE_FORMAT.format(new Date(date));
}

/** One line on terms, e.g. 'Payment terms: Net 30 (payment due 30 days after approval)'. */
export function describePaymentTerms(terms: PaymentTerms): string {
  const days = PAYMENT_TERMS_DAYS[terms];
  const label = PAYMENT_TERMS_LABELS[terms];
  return days === null
    ? `Payment terms: ${label} (pay by invoice once the order is approved)`
    : `Payment terms: ${label} (payment due ${days} days after approval)`;
}

/**
 * Staff send at most one payment reminder per order in this time (docs/orders.md#payment-terms): Shopify's
 * own limit for paymentReminderSend, which the portal keeps on every mode.
 */
export const PAYMENT_REMINDER_COOLDOWN_MS = DAY_MS;

/** When the next reminder of an order last reminded at `sentAt` may go out. */
export function nextPaymentReminderAt(sentAt: Date | string): Date {
  return new Date(new Date(sentAt).getTime() + PAYMENT_REMINDER_COOLDOWN_MS);
}

const REMINDER_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** The time a reminder may be sent again as the server says it, e.g. 'Dec 27, 2026, 9:05 AM UTC'. */
export function formatReminderTime(date: Date): string {
  return REMINDER_TIME_FORMAT.format(date);
}
