import type { UserError } from './catalogue';
import { toGid } from './gid';
import type {
  FakeDraftOrder,
  FakeOrder,
  FakePaymentSchedule,
  FakePaymentTerms,
  FakePaymentTermsTemplate,
  PaymentTermsType,
} from './state';
import type { FakeStore } from './store';

/**
 * Payment terms (docs/shopify.md#the-fake-store): Shopify's standard templates, DraftOrderInput.paymentTerms
 * checked and turned into terms with a payment schedule, due and overdue from the store's clock, and
 * paymentReminderSend. Messages are the ones Shopify gives for the same inputs.
 */

export const DAY_MS = 86_400_000;

const net = (id: number, days: number): FakePaymentTermsTemplate => ({
  id,
  name: `Net ${days}`,
  description: `Within ${days} days`,
  paymentTermsType: 'NET',
  dueInDays: days,
});

const event = (id: number, name: string, type: PaymentTermsType): FakePaymentTermsTemplate => ({
  id,
  name,
  description: name,
  paymentTermsType: type,
  dueInDays: null,
});

/** The templates every shop has, with their ids and in the order paymentTermsTemplates lists them. */
const STANDARD_TEMPLATES: readonly FakePaymentTermsTemplate[] = [
  event(1, 'Due on receipt', 'RECEIPT'),
  event(9, 'Due on fulfillment', 'FULFILLMENT'),
  net(2, 7),
  net(3, 15),
  net(4, 30),
  net(8, 45),
  net(5, 60),
  net(6, 90),
  { ...event(7, 'Fixed', 'FIXED'), description: 'Fixed date' },
];

export const standardPaymentTermsTemplates = () => STANDARD_TEMPLATES.map((template) => ({ ...template }));

const templateMatches = (template: FakePaymentTermsTemplate, key: string) =>
  template.name.toLowerCase() === key.trim().toLowerCase() ||
  toGid('PaymentTermsTemplate', template.id) === key.trim();

function standardTemplates(keys: string[]): FakePaymentTermsTemplate[] {
  return keys.map((key) => {
    const template = STANDARD_TEMPLATES.find((candidate) => templateMatches(candidate, key));
    if (!template) throw new Error(`No standard payment terms template '${key}'`);
    return template;
  });
}

/**
 * A test's store without some templates (e.g. no Net 15), or with them back: by name ('Net 15') or GID.
 * `restore: 'all'` brings back every standard template. The list keeps Shopify's order.
 */
export function configurePaymentTermsTemplates(
  store: FakeStore,
  changes: { remove?: string[]; restore?: string[] | 'all' },
): FakePaymentTermsTemplate[] {
  const removed = new Set(standardTemplates(changes.remove ?? []).map((template) => template.id));
  const restored = new Set(
    changes.restore === 'all'
      ? STANDARD_TEMPLATES.map((template) => template.id)
      : standardTemplates(changes.restore ?? []).map((template) => template.id),
  );
  const current = new Set(store.paymentTermsTemplates.map((template) => template.id));
  store.paymentTermsTemplates = STANDARD_TEMPLATES.filter(
    (template) => (current.has(template.id) || restored.has(template.id)) && !removed.has(template.id),
  ).map((template) => ({ ...template }));
  return store.paymentTermsTemplates;
}

/** PaymentTermsInput after the GraphQL layer: ids resolved to numbers, DateTimes to ms. */
export interface PaymentTermsInput {
  /** undefined: not given; null: a GID of another type (names no template). */
  templateId: number | null | undefined;
  schedules: { issuedAt: number | null; dueAt: number | null }[];
}

const findTemplate = (store: FakeStore, id: number | null | undefined) =>
  id == null ? undefined : store.paymentTermsTemplates.find((template) => template.id === id);

const DUE_DATE_REQUIRED = 'A due date is required with fixed or net payment terms.';

/**
 * DraftOrderInput.paymentTerms as Shopify checks it: a template of the store, one schedule at most, NET
 * terms issued at a time (the due date follows from it), FIXED terms with a due date, and no due date for
 * event terms (due on receipt or fulfillment).
 */
export function checkPaymentTerms(
  store: FakeStore,
  input: PaymentTermsInput | null | undefined,
  errors: UserError[],
): void {
  if (!input) return;
  const field = (name: string) => ['paymentTerms', name];
  const fail = (name: string, message: string) => errors.push({ field: field(name), message });
  if (input.templateId === undefined)
    return void fail('paymentTermsTemplateId', 'Payment terms template is required.');
  const template = findTemplate(store, input.templateId);
  if (!template) return void fail('paymentTermsTemplateId', 'Could not find payment terms template.');
  if (input.schedules.length > 1) {
    return void fail('paymentSchedules', 'Cannot create payment terms with multiple payment schedules.');
  }
  const [schedule] = input.schedules;
  switch (template.paymentTermsType) {
    case 'NET':
      if (schedule?.issuedAt == null) fail('paymentSchedules', DUE_DATE_REQUIRED);
      return;
    case 'FIXED':
      if (schedule?.dueAt == null) fail('paymentSchedules', DUE_DATE_REQUIRED);
      return;
    default:
      if (schedule?.dueAt != null)
        fail('paymentSchedules', 'A due date cannot be set with event payment terms.');
  }
}

/** Terms from a checked input; `previous` terms of the same draft keep their id. */
export function buildPaymentTerms(
  store: FakeStore,
  input: PaymentTermsInput,
  previous: FakePaymentTerms | null,
): FakePaymentTerms {
  const template = findTemplate(store, input.templateId);
  if (!template) throw new Error('buildPaymentTerms: the input was not checked');
  const [given] = input.schedules;
  const now = store.now();
  const schedule = (issuedAt: number | null, dueAt: number): FakePaymentSchedule[] => [
    { id: store.nextId('paymentSchedule'), issuedAt, dueAt, completedAt: null },
  ];
  let schedules: FakePaymentSchedule[] = [];
  if (template.paymentTermsType === 'NET' && given?.issuedAt != null) {
    schedules = schedule(given.issuedAt, given.issuedAt + (template.dueInDays ?? 0) * DAY_MS);
  } else if (template.paymentTermsType === 'FIXED' && given?.dueAt != null) {
    schedules = schedule(given.issuedAt, given.dueAt);
  }
  return {
    id: previous?.id ?? store.nextId('paymentTerms'),
    templateId: template.id,
    name: template.name,
    paymentTermsType: template.paymentTermsType,
    dueInDays: template.dueInDays,
    schedules,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  };
}

/**
 * Unpaid and its due date reached, by the store's clock. Shopify's `due` and `overdue` both say this of a
 * schedule, and of terms when one of their schedules does.
 */
export const isPastDue = (store: FakeStore, schedule: FakePaymentSchedule) =>
  schedule.completedAt === null && schedule.dueAt !== null && schedule.dueAt <= store.now();

export const termsPastDue = (store: FakeStore, terms: FakePaymentTerms) =>
  terms.schedules.some((schedule) => isPastDue(store, schedule));

/** The order was paid: its open schedules are completed. */
export function completeSchedules(terms: FakePaymentTerms | null, at: number): void {
  for (const schedule of terms?.schedules ?? []) {
    if (schedule.completedAt === null) schedule.completedAt = at;
  }
  if (terms) terms.updatedAt = at;
}

/** The schedule and whose terms hold it: an order's (a completed draft hands its terms over) or a draft's. */
function findSchedule(
  store: FakeStore,
  id: number,
): { schedule: FakePaymentSchedule; order?: FakeOrder; draft?: FakeDraftOrder } | undefined {
  const holders = [
    ...[...store.orders.values()].map((order) => ({ terms: order.paymentTerms, order })),
    ...[...store.draftOrders.values()].map((draft) => ({ terms: draft.paymentTerms, draft })),
  ];
  for (const { terms, ...holder } of holders) {
    const schedule = terms?.schedules.find((candidate) => candidate.id === id);
    if (schedule) return { schedule, ...holder };
  }
  return undefined;
}

const REMINDER_INTERVAL_MS = DAY_MS;

/**
 * paymentReminderSend: Shopify e-mails the customer a reminder for an overdue schedule of an open, unpaid
 * order, at most once a day per order (recorded in store.paymentReminders). A refusal answers
 * `success: null` with one PAYMENT_REMINDER_SEND_UNSUCCESSFUL error without a field.
 */
export function sendPaymentReminder(
  store: FakeStore,
  scheduleId: number | null,
): { success: true | null; userErrors: UserError[] } {
  const fail = (message: string) => ({
    success: null,
    userErrors: [{ field: null, message, code: 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL' }],
  });
  const found = scheduleId === null ? undefined : findSchedule(store, scheduleId);
  if (!found) return fail('Payment schedule does not exist');
  const { schedule, order } = found;
  if (!order) return fail('Payment schedule is not for an Order');
  if (schedule.completedAt !== null) return fail('Payment schedule is already completed');
  const open = order.cancelledAt === null && order.closedAt === null && order.financialStatus !== 'PAID';
  if (!open || !order.email || !isPastDue(store, schedule)) return fail('Payment reminder could not be sent');
  const now = store.now();
  const last = store.paymentReminders.filter((reminder) => reminder.orderId === order.id).at(-1);
  if (last && now - last.sentAt < REMINDER_INTERVAL_MS) {
    return fail('You cannot send more than 1 payment reminders for the same order in a 24hour period');
  }
  store.paymentReminders.push({
    paymentScheduleId: schedule.id,
    orderId: order.id,
    to: order.email,
    sentAt: now,
  });
  return { success: true, userErrors: [] };
}
