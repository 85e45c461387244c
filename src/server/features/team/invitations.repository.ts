import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CompanyRole } from '../../../shared/company-roles';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, companyInvitations, users, type CompanyInvitationRow } from '../../db/schema';

/**
 * Every read and write of `company_invitations`: the team feature is its one writer
 * (docs/architecture.md#one-writer-per-table). An invitation is open while it is neither accepted nor
 * revoked; an open one whose `expires_at` has passed is expired (database clock).
 */

/** How long an invitation's link works after its e-mail is written (docs/companies.md#invitations). */
export const INVITATION_DAYS = 7;

const isOpen = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));
const expiresIn = sql`now() + make_interval(days => ${INVITATION_DAYS}::int)`;

/** An invitation with its company's name, the inviter's name parts, and whether it has expired. */
export type InvitationView = CompanyInvitationRow & {
  companyName: string;
  inviter: { firstName: string | null; lastName: string | null; username: string } | null;
  expired: boolean;
};

function selectInvitations(db: DatabaseOrTransaction) {
  return db
    .select({
      invitation: companyInvitations,
      companyName: companies.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterUsername: users.username,
      expired: sql<boolean>`${companyInvitations.expiresAt} <= now()`,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .$dynamic();
}

type SelectedInvitation = Awaited<ReturnType<ReturnType<typeof selectInvitations>['execute']>>[number];

const toView = (row: SelectedInvitation): InvitationView => ({
  ...row.invitation,
  companyName: row.companyName,
  inviter:
    row.inviterUsername === null
      ? null
      : { firstName: row.inviterFirstName, lastName: row.inviterLastName, username: row.inviterUsername },
  expired: row.expired,
});

/** The company's open invitations, newest first. */
export async function openInvitationsOf(db: DatabaseOrTransaction, companyId: number) {
  const rows = await selectInvitations(db)
    .where(and(eq(companyInvitations.companyId, companyId), isOpen))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  return rows.map(toView);
}

/** One invitation of the company (any state); null when there is none with that id in that company. */
export async function findInvitationOf(db: DatabaseOrTransaction, companyId: number, id: number) {
  const [row] = await selectInvitations(db)
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id)))
    .limit(1);
  return row ? toView(row) : null;
}

/** The invitation whose link carries this token (its hash), whatever its state; null for an unknown link. */
export async function findInvitationByTokenHash(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await selectInvitations(db).where(eq(companyInvitations.tokenHash, tokenHash)).limit(1);
  return row ? toView(row) : null;
}

/** The company's open invitation of this address, if any. */
export async function findOpenInvitation(db: DatabaseOrTransaction, companyId: number, email: string) {
  const [row] = await selectInvitations(db)
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email), isOpen))
    .limit(1);
  return row ? toView(row) : null;
}

/** A new open invitation; null when the company has an open one of this address already (a race). */
export async function insertInvitation(
  db: DatabaseOrTransaction,
  values: { companyId: number; email: string; role: CompanyRole; invitedBy: number; locationIds: number[] },
): Promise<CompanyInvitationRow | null> {
  const [row] = await db
    .insert(companyInvitations)
    .values({ ...values, expiresAt: expiresIn })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** An expired open invitation made anew: the role given now, a new inviter, seven days from now. */
export async function renewInvitation(
  db: DatabaseOrTransaction,
  id: number,
  values: { role: CompanyRole; invitedBy: number; locationIds: number[] },
): Promise<CompanyInvitationRow | null> {
  const [row] = await db
    .update(companyInvitations)
    .set({ ...values, tokenHash: null, expiresAt: expiresIn, updatedAt: sql`now()` })
    .where(and(eq(companyInvitations.id, id), isOpen))
    .returning();
  return row ?? null;
}

/**
 * Stores the hash of a new link for an open invitation (the worker, just before the e-mail leaves): the
 * link before it stops working, and the seven days start again. Null when the invitation is no longer open.
 */
export async function issueInvitationToken(
  db: DatabaseOrTransaction,
  id: number,
  tokenHash: string,
): Promise<CompanyInvitationRow | null> {
  const [row] = await db
    .update(companyInvitations)
    .set({ tokenHash, expiresAt: expiresIn, lastSentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(companyInvitations.id, id), isOpen))
    .returning();
  return row ?? null;
}

/** Withdraws an open invitation; null when it was not open (accepted or revoked meanwhile). */
export async function revokeInvitation(db: DatabaseOrTransaction, companyId: number, id: number) {
  const [row] = await db
    .update(companyInvitations)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id), isOpen))
    .returning();
  return row ?? null;
}

/** Withdraws every open invitation a person sent (they were removed, or are no longer an owner). */
export async function revokeInvitationsBy(db: DatabaseOrTransaction, companyId: number, invitedBy: number) {
  await db
    .update(companyInvitations)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.invitedBy, invitedBy), isOpen),
    );
}

/**
 * A merge (docs/companies.md#admin-companies): the invitations of company `fromId` become `intoId`'s, so
 * their links keep working and their history stays. An open one of an address `intoId` has invited too is
 * withdrawn first (one open invitation per company and address).
 */
export async function moveInvitationsBetweenCompanies(
  db: DatabaseOrTransaction,
  fromId: number,
  intoId: number,
) {
  await db.execute(sql`update company_invitations f set revoked_at = now(), updated_at = now()
    where f.company_id = ${fromId} and f.accepted_at is null and f.revoked_at is null
      and exists (select 1 from company_invitations i where i.company_id = ${intoId} and i.email = f.email
        and i.accepted_at is null and i.revoked_at is null)`);
  await db
    .update(companyInvitations)
    .set({ companyId: intoId, updatedAt: sql`now()` })
    .where(eq(companyInvitations.companyId, fromId));
}

/**
 * Spends a link: one UPDATE marks the invitation accepted only while it is open and unexpired, so of any
 * number of concurrent accepts exactly one gets the row back.
 */
export async function acceptInvitation(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .update(companyInvitations)
    .set({ acceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(companyInvitations.tokenHash, tokenHash), isOpen, gt(companyInvitations.expiresAt, sql`now()`)),
    )
    .returning();
  return row ?? null;
}

/** Records who the accepted invitation made (after the person's row exists). */
export async function recordAcceptedUser(db: DatabaseOrTransaction, id: number, userId: number) {
  await db.update(companyInvitations).set({ acceptedUserId: userId }).where(eq(companyInvitations.id, id));
}
