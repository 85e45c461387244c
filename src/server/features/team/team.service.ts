import type { CompanyRole } from '../../../shared/company-roles';
import {
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  signedInAsSomeoneElseMessage,
  type AcceptInvitationRequest,
  type Invitation,
  type InvitationInfo,
  type InviteRequest,
  type TeamResponse,
} from '../../../shared/schemas/team';
import { fullName } from '../../../shared/user-name';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import type { AccountRow } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { createRateCounters } from '../../security/rate-counters';
import { INVITATIONS_PER_COMPANY, type RateLimit } from '../../security/rate-limits';
import { hashToken } from '../../security/tokens';
import {
  addInvitedMember,
  currentCompanyRole,
  findUserByEmail,
  findUserById,
  keepAnOwner,
  lockCompany,
  removeFromCompany,
  SendLimiter,
  setCompanyRole,
  setMemberLocations,
} from '../accounts';
import { deleteSessionsOfUser } from '../sessions';
import { invitationMailJob } from './invitation-mail.jobs';
import {
  acceptInvitation,
  findInvitationByTokenHash,
  findInvitationOf,
  findOpenInvitation,
  insertInvitation,
  openInvitationsOf,
  recordAcceptedUser,
  renewInvitation,
  revokeInvitation,
  revokeInvitationsBy,
  type InvitationView,
} from './invitations.repository';
import { teamMembersOf } from './members.repository';
import { companyOf, lockAsOwner, ownersOnly } from './team-access';
import {
  alreadyInTeamMessage,
  alreadyInvitedMessage,
  hasAccountMessage,
  INVITATION_NOT_FOUND,
  PERSON_NOT_FOUND,
  tooManyInvitationsMessage,
} from './team-messages';
import { companyLocationsOf, ownLocationIds } from './locations.service';

/**
 * The Team page and invitations (docs/companies.md#invitations): an owner invites people by e-mail, resends
 * and revokes invitations, changes roles and removes people; the invited person accepts by the e-mailed link.
 * Every change of the company's people runs under its row lock (accounts/member-writes.ts) and reads the
 * owner's role again there, so a role taken away a moment ago no longer acts.
 */

const inviterName = (invitation: InvitationView) =>
  invitation.inviter ? fullName(invitation.inviter) : null;

const toInvitation = (invitation: InvitationView): Invitation => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  locationIds: invitation.locationIds,
  invitedBy: inviterName(invitation),
  sentAt: (invitation.lastSentAt ?? invitation.createdAt).toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
  expired: invitation.expired,
});

function stateOf(invitation: InvitationView): InvitationInfo['state'] {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expired ? 'expired' : 'open';
}

const CLOSED_MESSAGES = {
  accepted: INVITATION_ACCEPTED_MESSAGE,
  expired: INVITATION_EXPIRED_MESSAGE,
  revoked: INVITATION_REVOKED_MESSAGE,
} as const;

const invalidLink = () => new AppError('LINK_INVALID', INVITATION_INVALID_MESSAGE);

export function createTeamService({
  db,
  env,
  limit = INVITATIONS_PER_COMPANY,
}: {
  db: Database;
  env: Env;
  limit?: RateLimit;
}) {
  const invitationsByCompany = new SendLimiter(createRateCounters(db), 'invitations:company', limit);

  /** Counts an invitation e-mail of the company; 429 with the time to wait beyond the hourly limit. */
  async function countInvitation(companyId: number) {
    if (await invitationsByCompany.allow(String(companyId))) return;
    const seconds = await invitationsByCompany.secondsLeft(String(companyId));
    throw new AppError('RATE_LIMITED', tooManyInvitationsMessage(Math.max(1, Math.ceil(seconds / 60))), {
      retryAfterSeconds: seconds,
    });
  }

  const queueInvitationEmail = (tx: DatabaseOrTransaction, invitation: { id: number; email: string }) =>
    enqueueJob(tx, jobToQueue(invitationMailJob, { invitationId: invitation.id, email: invitation.email }));

  async function findByLink(token: string): Promise<InvitationView> {
    const invitation = await findInvitationByTokenHash(db, hashToken(token));
    if (!invitation) throw invalidLink();
    return invitation;
  }

  return {
    /** Who is in the person's company; for an owner also the open invitations. */
    async team(user: AccountRow): Promise<TeamResponse> {
      const companyId = companyOf(user);
      const mayManage = user.companyRole === 'owner';
      const [members, invitations] = await Promise.all([
        teamMembersOf(db, companyId),
        mayManage ? openInvitationsOf(db, companyId) : Promise.resolve([]),
      ]);
      return {
        company: { id: companyId, name: user.company?.name ?? '' },
        mayManage,
        members: members.map((member) => ({
          id: member.id,
          name: fullName(member),
          email: member.email,
          role: member.role ?? 'viewer',
          locationIds: member.role === 'buyer' ? member.locationIds : [],
          lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
          isYou: member.id === user.id,
        })),
        invitations: invitations.map(toInvitation),
      };
    },

    /**
     * Invites an address into the owner's company and queues the e-mail. An address with an account, or with
     * an invitation waiting, is told so (409) and nothing is sent; an expired invitation of the address is
     * made anew.
     */
    async invite(user: AccountRow, { email, role, locationIds = [] }: InviteRequest): Promise<Invitation> {
      const companyId = companyOf(user);
      if (user.companyRole !== 'owner') throw ownersOnly();
      await countInvitation(companyId);
      const id = await db.transaction(async (tx) => {
        await lockAsOwner(tx, user);
        const existing = await findUserByEmail(tx, email);
        if (existing) {
          const inTeam = existing.companyId === companyId && existing.status !== 'disabled';
          throw new AppError(
            'CONFLICT',
            inTeam ? alreadyInTeamMessage(email) : hasAccountMessage(email, env.SUPPORT_EMAIL),
          );
        }
        const open = await findOpenInvitation(tx, companyId, email);
        if (open && !open.expired) throw new AppError('CONFLICT', alreadyInvitedMessage(email));
        // A buyer orders for the locations given (none chosen: the default); the others have them all.
        const invited = {
          role,
          invitedBy: user.id,
          locationIds: role === 'buyer' ? await ownLocationIds(tx, companyId, locationIds) : [],
        };
        const row = open
          ? await renewInvitation(tx, open.id, invited)
          : await insertInvitation(tx, { companyId, email, ...invited });
        if (!row) throw new AppError('CONFLICT', alreadyInvitedMessage(email));
        await queueInvitationEmail(tx, row);
        return row.id;
      });
      const invitation = await findInvitationOf(db, companyId, id);
      if (!invitation) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
      return toInvitation(invitation);
    },

    /** Sends an open invitation again with a new link (the one before stops working). */
    async resend(user: AccountRow, invitationId: number): Promise<void> {
      const companyId = companyOf(user);
      if (user.companyRole !== 'owner') throw ownersOnly();
      const invitation = await findInvitationOf(db, companyId, invitationId);
      if (!invitation || stateOf(invitation) === 'accepted' || stateOf(invitation) === 'revoked') {
        throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
      }
      await countInvitation(companyId);
      await db.transaction(async (tx) => {
        await lockAsOwner(tx, user);
        // Expired: seven days again from now, whoever resent it.
        if (invitation.expired) {
          const { role, locationIds } = invitation;
          await renewInvitation(tx, invitation.id, { role, locationIds, invitedBy: user.id });
        }
        await queueInvitationEmail(tx, invitation);
      });
    },

    /** Withdraws an open invitation: its link shows 'withdrawn' from now on. */
    async revoke(user: AccountRow, invitationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        if (!(await revokeInvitation(tx, companyId, invitationId))) {
          throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
        }
      });
    },

    /** A member's new role; the company keeps an owner. */
    async changeRole(user: AccountRow, memberId: number, role: CompanyRole): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        const current = await currentCompanyRole(tx, memberId, companyId);
        if (!current) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
        if (current === 'owner' && role !== 'owner') {
          await keepAnOwner(tx, companyId, memberId);
          // What they invited as an owner no longer stands once they are not one.
          await revokeInvitationsBy(tx, companyId, memberId);
        }
        await setCompanyRole(tx, memberId, companyId, role);
      });
    },

    /**
     * Removes a person from the team: their account can no longer sign in and every session of theirs ends
     * now (their orders stay with the company). The company keeps an owner.
     */
    async remove(user: AccountRow, memberId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        const current = await currentCompanyRole(tx, memberId, companyId);
        if (!current) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
        if (current === 'owner') await keepAnOwner(tx, companyId, memberId);
        await revokeInvitationsBy(tx, companyId, memberId);
        await removeFromCompany(tx, memberId, companyId);
        await deleteSessionsOfUser(tx, memberId);
      });
    },

    /**
     * What the invitation's page shows before Accept, spending nothing (a link scanner that opens it uses
     * nothing up): its state, the company, the address and role, and who else is signed in here.
     */
    async describe(token: string, signedIn: AccountRow | null): Promise<InvitationInfo> {
      const invitation = await findByLink(token);
      return {
        state: stateOf(invitation),
        companyName: invitation.companyName,
        email: invitation.email,
        role: invitation.role,
        invitedBy: inviterName(invitation),
        signedInAs: signedIn ? signedIn.email : null,
      };
    },

    /**
     * Accepts an invitation: the person's account, approved as their company is, with the role invited. Used
     * twice, expired or revoked: 410 with the reason; someone signed in, or an address that has an account
     * by now: 409. Nothing is written then.
     */
    async accept(
      { token, firstName, lastName }: AcceptInvitationRequest,
      signedIn: AccountRow | null,
    ): Promise<AccountRow> {
      const invitation = await findByLink(token);
      const state = stateOf(invitation);
      if (state !== 'open') throw new AppError('GONE', CLOSED_MESSAGES[state]);
      if (signedIn) {
        throw new AppError(
          'CONFLICT',
          signedIn.email === invitation.email
            ? hasAccountMessage(invitation.email, env.SUPPORT_EMAIL)
            : signedInAsSomeoneElseMessage(signedIn.email, invitation.email),
        );
      }
      const userId = await db.transaction(async (tx) => {
        // The company first, as every change of its people takes it (a withdrawal, a merge): no deadlock.
        await lockCompany(tx, invitation.companyId);
        const accepted = await acceptInvitation(tx, hashToken(token));
        if (!accepted) {
          // Accepted, withdrawn or expired a moment ago, by another request: say which.
          const now = await findInvitationByTokenHash(tx, hashToken(token));
          const closed = now ? stateOf(now) : 'revoked';
          throw new AppError('GONE', CLOSED_MESSAGES[closed === 'open' ? 'expired' : closed]);
        }
        const person = { email: accepted.email, firstName, lastName };
        const user = await addInvitedMember(tx, person, accepted.companyId, accepted.role);
        if (!user) throw new AppError('CONFLICT', hasAccountMessage(accepted.email, env.SUPPORT_EMAIL));
        await recordAcceptedUser(tx, accepted.id, user.id);
        if (accepted.role === 'buyer') {
          // The locations given, as many as still exist (none left: the default).
          const existing = (await companyLocationsOf(tx, accepted.companyId)).map((location) => location.id);
          const given = accepted.locationIds.filter((id) => existing.includes(id));
          await setMemberLocations(tx, user.id, given.length > 0 ? given : existing.slice(0, 1));
        }
        return user.id;
      });
      const account = await findUserById(db, userId);
      if (!account) throw invalidLink();
      return account;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
