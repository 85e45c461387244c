import { mayPlaceOrders } from '../../../shared/company-roles';
import { REORDER_REMINDER_MESSAGES, type DueReminder } from '../../../shared/schemas/reorder-reminders';
import type { Database } from '../../db/client';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken } from '../../security/tokens';
import {
  consumeReorderLinkToken,
  findReorderLinkToken,
  findUserById,
  recordSignIn,
  setReorderReminderEmails,
} from '../accounts';
import { findOrderCompany, findReminderByUnsubscribeHash } from './reorder-reminders.repository';
import { dueReminders } from './reorder-schedule';
import { sendReminderNow } from './reorder-reminder.jobs';
import { recordAudit, type AuditActor } from '../../audit/audit-log';

/*
 * The reorder reminders' requests (docs/reorder-reminders.md): the e-mail's unsubscribe link and one-click
 * link, the person's own setting, and admin's 'Due this week'.
 */

const linkInvalid = () => new AppError('LINK_INVALID', REORDER_REMINDER_MESSAGES.linkInvalid);
const linkUsed = () => new AppError('LINK_INVALID', REORDER_REMINDER_MESSAGES.linkUsed);

/**
 * Who may use a reorder link now: an approved customer (never staff) who still belongs to the order's
 * company and may order for it (owner or buyer), as the Reorder button requires.
 */
const mayUseReorderLink = (user: AccountRow, orderCompanyId: number | null) =>
  user.status === 'approved' &&
  user.role === 'customer' &&
  orderCompanyId !== null &&
  user.companyId === orderCompanyId &&
  mayPlaceOrders(user.companyRole);

export function createReorderRemindersService({ db }: { db: Database }) {
  return {
    /**
     * The unsubscribe link (docs/reorder-reminders.md#unsubscribe), signed out: turns off the reorder
     * reminders of the one person its reminder went to, nothing else; the same answer however often it is
     * followed. Returns that person's id (null when the account is gone) so their sessions read it back.
     */
    async unsubscribe(token: string): Promise<{ userId: number | null }> {
      const reminder = await findReminderByUnsubscribeHash(db, hashToken(token));
      if (!reminder) throw new AppError('LINK_INVALID', REORDER_REMINDER_MESSAGES.unsubscribeInvalid);
      if (reminder.userId !== null) await setReorderReminderEmails(db, reminder.userId, false);
      return { userId: reminder.userId };
    },

    /**
     * Spends a reorder link (docs/reorder-reminders.md#the-link): the person to sign in and the order whose
     * lines the form opens with. Unknown or expired: 'invalid'; spent: 'used'. A link of a person who may not
     * use it now (disabled, no longer of the company, a viewer) is refused and left unspent, as a sign-in
     * link is.
     */
    async consumeLink(token: string): Promise<{ user: AccountRow; orderId: number }> {
      const tokenHash = hashToken(token);
      const link = await findReorderLinkToken(db, tokenHash);
      if (!link) throw linkInvalid();
      if (link.used) throw linkUsed();
      if (link.expired) throw linkInvalid();
      const [user, order] = await Promise.all([
        findUserById(db, link.userId),
        findOrderCompany(db, link.orderId),
      ]);
      if (!user || !order || !mayUseReorderLink(user, order.companyId)) throw linkInvalid();
      // One conditional update: of two clicks at once exactly one signs in.
      const spent = await consumeReorderLinkToken(db, tokenHash);
      if (!spent) throw linkUsed();
      await recordSignIn(db, user.id);
      return { user, orderId: spent.orderId };
    },

    /** My Account's switch: the signed-in customer's own reorder reminders. */
    async setOwnSetting(user: AccountRow, enabled: boolean): Promise<boolean> {
      if (user.role !== 'customer') {
        throw new AppError('FORBIDDEN', 'Reorder reminders are for customers.');
      }
      const updated = await setReorderReminderEmails(db, user.id, enabled);
      if (!updated) throw new AppError('NOT_FOUND', 'User not found');
      return updated.reorderReminderEmails;
    },

    dueReminders: (now: Date): Promise<DueReminder[]> => dueReminders(db, now),

    /** Staff's 'Send now': the company's current cycle's reminder at once; audited; the address it goes to. */
    async sendNow(actor: AuditActor, companyId: number, now: Date): Promise<string> {
      const email = await sendReminderNow(db, companyId, now);
      await recordAudit(db, actor, {
        action: 'company.reorder-reminder-sent',
        entityType: 'company',
        entityId: companyId,
        before: null,
        after: { to: email },
      });
      return email;
    },
  };
}

export type ReorderRemindersService = ReturnType<typeof createReorderRemindersService>;
