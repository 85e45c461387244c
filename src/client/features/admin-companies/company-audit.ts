// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { z } from 'zod';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '../../../shared/company-roles';
import { formatCents } from '../../../shared/money';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import type { AdminCompanyDetail } from '../../../shared/schemas/admin-companies';

type Entry = AdminCompanyDetail['audit'][number];

/** What the audit log keeps of a person's place in a company (admin-companies.service.ts). */
const membership = z.object({
  companyId: z.number().nullable(),
  companyRole: z.enum(COMPANY_ROLES).nullable(),
});
const terms = z.object({ paymentTerms: z.enum(PAYMENT_TERMS) });
const merge = z.object({
  from: z.object({ name: z.string() }),
});
const moved = z.object({
  moved: z.object({ people: z.number(), locations: z.number(), orders: z.number() }),
});

/** What `company.settings` keeps (docs/credit.md#credit-limit): the limit in cents, the reminder settings. */
const settings = z.object({
  creditLimit: z.number().nullable(),
  reorderReminders: z.boolean(),
  reorderIntervalDays: z.number().nullable(),
});
type Settings = z.infer<typeof settings>;

/** What `company.reorder-reminder-sent` keeps: who staff's 'Send now' sent the reminder to. */
const reminderSent = z.object({ to: z.string() });

/** 'Credit limit: No limit → $1,000.00; Reorder reminders: on → off', only what changed. */
function describeSettings(before: Settings, after: Settings): string {
  const limit = (cents: number | null) => (cents === null ? 'No limit' : formatCents(cents));
  const interval = (days: number | null) => (days === null ? 'learned' : `every ${days} days`);
  const changes = [
    before.creditLimit !== after.creditLimit
      ? `Credit limit: ${limit(before.creditLimit)} → ${limit(after.creditLimit)}`
      : null,
    before.reorderReminders !== after.reorderReminders
      ? `Reorder reminders: ${before.reorderReminders ? 'on' : 'off'} → ${after.reorderReminders ? 'on' : 'off'}`
      : null,
    before.reorderIntervalDays !== after.reorderIntervalDays
      ? `Reorder interval: ${interval(before.reorderIntervalDays)} → ${interval(after.reorderIntervalDays)}`
      : null,
  ].filter((change) => change !== null);
  return changes.length > 0 ? changes.join('; ') : 'Company settings saved unchanged';
}

const roleLabel = (role: (typeof COMPANY_ROLES)[number] | null) =>
  role ? COMPANY_ROLE_LABELS[role] : 'none';

/**
 * One audit entry of the company page in words ('Jane Doe: Viewer → Buyer'). Entries of other kinds, or
 * whose stored values no longer read as expected, name their action and record.
 */
export function describeAuditEntry(entry: Entry, detail: AdminCompanyDetail): string {
  const person =
    detail.people.find((member) => String(member.id) === entry.entityId)?.name ?? `Person #${entry.entityId}`;
  const fallback = `${entry.action} (${entry.entityType} #${entry.entityId ?? '—'})`;
  switch (entry.action) {
    case 'user.company-role': {
      const before = membership.safeParse(entry.before);
      const after = membership.safeParse(entry.after);
      if (!before.success || !after.success) return fallback;
      return `Role of ${person}: ${roleLabel(before.data.companyRole)} → ${roleLabel(after.data.companyRole)}`;
    }
    case 'user.company-move': {
      const after = membership.safeParse(entry.after);
      if (!after.success) return fallback;
      return after.data.companyId === detail.company.id
        ? `${person} joined from another company as ${roleLabel(after.data.companyRole)}`
        : `${person} moved to another company`;
    }
    case 'company.merge': {
      const before = merge.safeParse(entry.before);
      const after = moved.safeParse(entry.after);
      if (!before.success || !after.success) return fallback;
      const { people, locations, orders } = after.data.moved;
      return `Merged in '${before.data.from.name}': ${people} people, ${locations} locations and ${orders} orders moved`;
    }
    case 'user.payment-terms': {
      const before = terms.safeParse(entry.before);
      const after = terms.safeParse(entry.after);
      if (!before.success || !after.success) return fallback;
      return `Payment terms: ${PAYMENT_TERMS_LABELS[before.data.paymentTerms]} → ${PAYMENT_TERMS_LABELS[after.data.paymentTerms]}`;
    }
    case 'company.settings': {
      const before = settings.safeParse(entry.before);
      const after = settings.safeParse(entry.after);
      if (!before.success || !after.success) return fallback;
      return describeSettings(before.data, after.data);
    }
    case 'company.reorder-reminder-sent': {
      const after = reminderSent.safeParse(entry.after);
      if (!after.success) return fallback;
      return `Reorder reminder sent now to ${after.data.to}`;
    }
    default:
      return entry.entityType === 'user' ? `${entry.action}: ${person}` : fallback;
  }
}
