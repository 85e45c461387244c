import type { FastifyRequest } from 'fastify';
import {
  ADMIN_USERS_CONFLICTS,
  ADMIN_USERS_SUCCESS,
  USER_NOT_FOUND,
  type AdminUser,
  type ApprovalDecision,
  type CreateUserRequest,
  type PendingUser,
  type UserRole,
} from '../../../shared/schemas/admin-users';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../mail/email.jobs';
import { requireAdmin } from '../../plugins/admin-guard';
import { commonPasswordProblem } from '../../security/common-passwords';
import { hashPassword } from '../../security/password-hash';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import {
  approvalLinkJob,
  approveRegistration,
  changeUserRole,
  createApprovedUser,
  findUserById,
  keepAnOwnerForOthers,
  lockCompany,
  rejectRegistration,
  resetLinkJob,
  retireLinkTokensOfUser,
  setPasswordHash,
} from '../accounts';
import { deleteSessionsOfUser } from '../sessions';
import { accountRejectedEmail, passwordSetByAdminEmail } from './admin-users.emails';
import {
  findNameConflicts,
  listPendingUsers,
  listUsers,
  lockActiveAdministrators,
} from './admin-users.repository';
import type { AccountRow, UserRow } from '../../db/schema';

/**
 * The acting administrator (from requireAdmin) and their request's address and session: who for the audit
 * log and the rules about oneself, from where, and which session is theirs.
 */
export interface Actor {
  user: UserRow;
  ip: string;
  sessionTokenHash: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  user: requireAdmin(request),
  ip: request.ip,
  sessionTokenHash: request.sessionTokenHash,
});

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A user as the admin list shows it: no hash, no addresses; the business and its terms are the company's. */
export function toAdminUser(user: AccountRow): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.company?.name ?? null,
    phone: user.phone,
    role: user.role,
    status: user.status,
    paymentTerms: user.company?.paymentTerms ?? 'on_approval',
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    approvedAt: iso(user.approvedAt),
    lastLoginAt: iso(user.lastLoginAt),
    company:
      user.company && user.companyRole
        ? { id: user.company.id, name: user.company.name, role: user.companyRole }
        : null,
  };
}

export function toPendingUser(user: AccountRow): PendingUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    businessName: user.company?.name ?? null,
    email: user.email,
    phone: user.phone,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user: the public fields, never the hash. */
const auditView = (user: AccountRow) => toAdminUser(user);

export const userNotFound = () => new AppError('NOT_FOUND', USER_NOT_FOUND);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * The schema has checked the password rules; the list of common and breached passwords is checked here, on
 * the server only (docs/accounts-and-roles.md#passwords).
 */
function refuseCommonPassword(password: string): void {
  const common = commonPasswordProblem(password);
  if (common) throw new AppError('VALIDATION_FAILED', common);
}

/**
 * The admin Users and Pending Users operations (docs/admin.md#users, docs/accounts-and-roles.md#approval,
 * docs/accounts-and-roles.md).
 */
export function createAdminUsersService({ db, env }: { db: Database; env: Env }) {
  return {
    async list(): Promise<AdminUser[]> {
      return (await listUsers(db)).map(toAdminUser);
    },

    async listPending(): Promise<PendingUser[]> {
      return (await listPendingUsers(db)).map(toPendingUser);
    },

    /** Creates an approved account of either role; username and e-mail must be free (409 otherwise). */
    async create(actor: Actor, body: CreateUserRequest): Promise<AdminUser> {
      const admin = actor.user;
      refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const taken = await findNameConflicts(tx, body.username, body.email);
        if (taken.username) throw conflict(ADMIN_USERS_CONFLICTS.usernameTaken);
        if (taken.email) throw conflict(ADMIN_USERS_CONFLICTS.emailTaken);
        const inserted = await createApprovedUser(
          tx,
          {
            username: body.username,
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            businessName: body.businessName,
            role: body.role,
          },
          admin.id,
        );
        const created = inserted && (await findUserById(tx, inserted.id));
        if (!created) {
          // Taken between the check and the insert by a concurrent request, which has committed by now.
          const raced = await findNameConflicts(tx, body.username, body.email);
          throw conflict(
            raced.email && !raced.username
              ? ADMIN_USERS_CONFLICTS.emailTaken
              : ADMIN_USERS_CONFLICTS.usernameTaken,
          );
        }
        await recordAudit(tx, actor, {
          action: 'user.create',
          entityType: 'user',
          entityId: created.id,
          after: auditView(created),
        });
        return toAdminUser(created);
      });
    },

    /**
     * Sets a user's password and signs them out everywhere (an administrator resetting their own keeps the
     * session they are using), and tells them by e-mail.
     */
    async resetPassword(actor: Actor, userId: number, password: string): Promise<void> {
      const admin = actor.user;
      refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw userNotFound();
        // A customer who signs in by link alone chooses a password, if ever, through the e-mailed link
        // (sendPasswordSetupLink); staff do not pick one for them (docs/admin.md#users).
        if (user.role === 'customer' && user.passwordHash === null) {
          throw conflict(ADMIN_USERS_CONFLICTS.noPasswordToReset);
        }
        await setPasswordHash(tx, user.id, passwordHash);
        const keep = user.id === admin.id ? (actor.sessionTokenHash ?? undefined) : undefined;
        await deleteSessionsOfUser(tx, user.id, keep);
        await retireLinkTokensOfUser(tx, user.id);
        await enqueueEmail(tx, passwordSetByAdminEmail(env, user));
        await recordAudit(tx, actor, {
          action: 'user.reset-password',
          entityType: 'user',
          entityId: user.id,
          after: { passwordReset: true, sessionsEnded: true },
        });
      });
    },

    /**
     * E-mails a customer the password reset link of docs/accounts-and-roles.md#password-reset, for a customer
     * who signs in by link and has no password yet: they choose one themselves (docs/admin.md#users). The
     * link job sends nothing to an account that may not reset its password (rejected, disabled).
     */
    async sendPasswordSetupLink(actor: Actor, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw userNotFound();
        if (user.role !== 'customer') throw conflict(ADMIN_USERS_CONFLICTS.setupLinkForCustomers);
        await enqueueJob(tx, jobToQueue(resetLinkJob, { email: user.email }));
        await recordAudit(tx, actor, {
          action: 'user.password-setup-link',
          entityType: 'user',
          entityId: user.id,
          after: { passwordSetupLinkSent: true },
        });
      });
    },

    /**
     * Changes a user's role and ends their sessions (docs/accounts-and-roles.md#sessions). An administrator
     * cannot change their own role, and the last administrator who can sign in cannot become a customer: the
     * administrators are locked first, so two administrators demoting each other at the same moment cannot
     * both succeed.
     */
    async updateRole(actor: Actor, userId: number, role: UserRole): Promise<AdminUser> {
      const admin = actor.user;
      return db.transaction(async (tx) => {
        const activeAdmins = await lockActiveAdministrators(tx);
        const user = await findUserById(tx, userId);
        if (!user) throw userNotFound();
        if (user.role === role) return toAdminUser(user);
        if (user.id === admin.id) throw conflict(ADMIN_USERS_CONFLICTS.ownRole);
        if (role !== 'admin' && activeAdmins.every((id) => id === user.id)) {
          throw conflict(ADMIN_USERS_CONFLICTS.lastAdmin);
        }
        // A customer made staff leaves their company, which keeps an owner (docs/companies.md#people-and-roles).
        if (role === 'admin' && user.companyId !== null) {
          await lockCompany(tx, user.companyId);
          if (user.companyRole === 'owner') await keepAnOwnerForOthers(tx, user.companyId, user.id);
        }
        const changed = await changeUserRole(tx, user, role);
        const updated = changed && (await findUserById(tx, changed.id));
        if (!updated) throw userNotFound();
        await deleteSessionsOfUser(tx, user.id);
        await recordAudit(tx, actor, {
          action: 'user.role',
          entityType: 'user',
          entityId: user.id,
          before: { role: user.role },
          after: { role: updated.role },
        });
        return toAdminUser(updated);
      });
    },

    /**
     * Approves or rejects a pending registration (docs/accounts-and-roles.md#approval). Approval records who
     * and when and e-mails a sign-in link; rejection e-mails a polite notice and ends any session and link
     * the account holds. Only a pending user can be decided (409).
     */
    async decide(actor: Actor, userId: number, decision: ApprovalDecision): Promise<string> {
      const admin = actor.user;
      await db.transaction(async (tx) => {
        const decided =
          decision === 'approved'
            ? await approveRegistration(tx, userId, admin.id)
            : await rejectRegistration(tx, userId);
        if (!decided) {
          if (!(await findUserById(tx, userId))) throw userNotFound();
          throw conflict(ADMIN_USERS_CONFLICTS.notPending);
        }
        if (decision === 'approved') {
          // The link is made when the e-mail is sent, never stored (docs/security.md#link-tokens).
          await enqueueJob(tx, jobToQueue(approvalLinkJob, { userId: decided.id }));
        } else {
          await deleteSessionsOfUser(tx, decided.id);
          await retireLinkTokensOfUser(tx, decided.id);
          await enqueueEmail(tx, accountRejectedEmail(env, decided));
        }
        await recordAudit(tx, actor, {
          action: decision === 'approved' ? 'user.approve' : 'user.reject',
          entityType: 'user',
          entityId: decided.id,
          before: { status: 'pending' },
          after: {
            status: decided.status,
            approvedAt: iso(decided.approvedAt),
            approvedBy: decided.approvedBy,
          },
        });
      });
      return decision === 'approved' ? ADMIN_USERS_SUCCESS.approved : ADMIN_USERS_SUCCESS.rejected;
    },
  };
}
