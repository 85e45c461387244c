import type { JobDefinition } from '../../jobs/job-definition';
import { sendEmailJob } from '../../mail/email.jobs';
import { approvalLinkJob, resetLinkJob, signInLinkJob } from '../accounts';
import { invitationMailJob } from '../team';
import { REORDER_REMINDER_SUBJECT, reorderReminderMailJob } from '../reorder-reminders';

/*
 * What the delivery problems list shows of each kind of e-mail job (docs/admin.md#delivery-problems): the
 * kind's label from its job definition, and the recipient and subject read from the job's payload parsed with
 * that job's own schema (docs/architecture.md: parsed, never cast).
 */

/** Whom an e-mail was for: an address, or the account whose address it is (looked up when listed). */
export interface Addressee {
  to?: string;
  userId?: number;
  subject?: string;
}

export interface DeliveryKind {
  label: string;
  /** The payload's addressee, or null when the stored payload does not match the job's schema. */
  read(payload: unknown): Addressee | null;
}

function kindOf<Payload>(
  definition: JobDefinition<Payload>,
  addressee: (payload: Payload) => Addressee,
): [string, DeliveryKind] {
  return [
    definition.type,
    {
      label: definition.label,
      read(payload) {
        const parsed = definition.payload.safeParse(payload);
        return parsed.success ? addressee(parsed.data) : null;
      },
    },
  ];
}

/** Every kind of job that sends an e-mail (jobs/registry.ts EMAIL_JOB_TYPES), by type. */
export const DELIVERY_KINDS: ReadonlyMap<string, DeliveryKind> = new Map([
  kindOf(sendEmailJob, ({ to, subject }) => ({ to, subject })),
  kindOf(signInLinkJob, ({ email }) => ({ to: email })),
  kindOf(resetLinkJob, ({ email }) => ({ to: email })),
  kindOf(approvalLinkJob, ({ userId }) => ({ userId })),
  kindOf(invitationMailJob, ({ email }) => ({ to: email })),
  kindOf(reorderReminderMailJob, ({ userId }) => ({ userId, subject: REORDER_REMINDER_SUBJECT })),
]);

/** A job of a type this list does not know (a new e-mail job without its line above): named by its type. */
export function deliveryKindOf(type: string): DeliveryKind {
  return DELIVERY_KINDS.get(type) ?? { label: type, read: () => null };
}
