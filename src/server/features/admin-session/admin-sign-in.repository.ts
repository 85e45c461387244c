import { and, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import {
  adminDevices,
  adminLoginChallenges,
  adminRecoveryCodes,
  adminTotp,
  type AdminLoginChallengeRow,
  type AdminTotpRow,
} from '../../db/schema';

/**
 * The tables of administrator sign-in beyond the password (db/schema/admin-sign-in.ts); this feature is
 * their one writer. Every "use once" is one conditional statement, so of two requests racing with the same
 * code or token exactly one wins.
 */

// ---- The TOTP second factor ----

export async function findTotp(db: DatabaseOrTransaction, userId: number): Promise<AdminTotpRow | null> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, userId)).limit(1);
  return row ?? null;
}

/** Keeps a new secret waiting for its first code, replacing any earlier one that waited; none if enrolled. */
export async function saveTotpSetup(db: Database, userId: number, secretSealed: string): Promise<boolean> {
  const rows = await db
    .insert(adminTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secretSealed, lastUsedStep: null, updatedAt: sql`now()` },
      setWhere: isNull(adminTotp.enabledAt),
    })
    .returning({ userId: adminTotp.userId });
  return rows.length > 0;
}

/**
 * Turns the second factor on with the secret that was just confirmed (not one a later set-up put in its
 * place), remembering the confirming code's step.
 */
export async function enableTotp(
  tx: DatabaseOrTransaction,
  userId: number,
  secretSealed: string,
  step: number,
): Promise<boolean> {
  const rows = await tx
    .update(adminTotp)
    .set({ enabledAt: sql`now()`, lastUsedStep: step, updatedAt: sql`now()` })
    .where(
      and(
        eq(adminTotp.userId, userId),
        isNull(adminTotp.enabledAt),
        eq(adminTotp.secretSealed, secretSealed),
      ),
    )
    .returning({ userId: adminTotp.userId });
  return rows.length > 0;
}

/**
 * Accepts a code of time step `step` for an enrolled administrator: only a step after the last accepted one,
 * so a code (or an earlier one) is never accepted twice.
 */
export async function acceptTotpStep(
  db: DatabaseOrTransaction,
  userId: number,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(adminTotp)
    .set({ lastUsedStep: step, updatedAt: sql`now()` })
    .where(
      and(
        eq(adminTotp.userId, userId),
        isNotNull(adminTotp.enabledAt),
        or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: adminTotp.userId });
  return rows.length > 0;
}

/** Removes the second factor and its recovery codes. */
export async function deleteTotp(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.delete(adminTotp).where(eq(adminTotp.userId, userId));
}

// ---- Recovery codes ----

export async function replaceRecoveryCodes(tx: DatabaseOrTransaction, userId: number, codeHashes: string[]) {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends one unused recovery code of an enrolled administrator; false when there is none such. */
export async function spendRecoveryCode(db: DatabaseOrTransaction, userId: number, codeHash: string) {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
        sql`exists (select 1 from ${adminTotp} where ${adminTotp.userId} = ${userId} and ${adminTotp.enabledAt} is not null)`,
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DatabaseOrTransaction, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.value ?? 0;
}

// ---- Sign-ins waiting for their second step ----

/**
 * Records a pending sign-in, clearing away the ones that have expired (a handful at most: each is a right
 * password, and lives 5 minutes), so they need no housekeeping job.
 */
export async function insertLoginChallenge(
  db: Database,
  values: Pick<AdminLoginChallengeRow, 'tokenHash' | 'userId' | 'purpose' | 'expiresAt'>,
  now: Date,
) {
  await db.delete(adminLoginChallenges).where(lte(adminLoginChallenges.expiresAt, now));
  await db.insert(adminLoginChallenges).values(values);
}

export async function findLoginChallenge(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(adminLoginChallenges)
    .where(and(eq(adminLoginChallenges.tokenHash, tokenHash), gt(adminLoginChallenges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes one of the pending sign-in's `maxTries` code checks, before the code is checked: one conditional
 * update, so parallel codes cannot all be checked (docs/security.md#the-second-factor). The number of tries
 * taken so far including this one, or null when the sign-in is gone, expired or has none left.
 */
export async function takeChallengeTry(
  db: Database,
  tokenHash: string,
  maxTries: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(adminLoginChallenges)
    .set({ failedAttempts: sql`${adminLoginChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(adminLoginChallenges.tokenHash, tokenHash),
        lt(adminLoginChallenges.failedAttempts, maxTries),
        gt(adminLoginChallenges.expiresAt, now),
      ),
    )
    .returning({ failedAttempts: adminLoginChallenges.failedAttempts });
  return row?.failedAttempts ?? null;
}

/** Ends a pending sign-in; true for the one request that ended it. */
export async function deleteLoginChallenge(db: DatabaseOrTransaction, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(adminLoginChallenges)
    .where(eq(adminLoginChallenges.tokenHash, tokenHash))
    .returning({ tokenHash: adminLoginChallenges.tokenHash });
  return rows.length > 0;
}

// ---- Device cookies ----

/** Whether `tokenHash` is a live device cookie of `userId`. */
export async function isTrustedDevice(db: Database, tokenHash: string, userId: number, now: Date) {
  const [row] = await db
    .select({ userId: adminDevices.userId })
    .from(adminDevices)
    .where(
      and(
        eq(adminDevices.tokenHash, tokenHash),
        eq(adminDevices.userId, userId),
        gt(adminDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Records a new device cookie, retiring the one the browser held for the same account and the account's
 * expired ones (so the table needs no housekeeping job).
 */
export async function replaceDevice(
  db: Database,
  values: { tokenHash: string; userId: number; expiresAt: Date },
  previousTokenHash: string | null,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const retired = [lte(adminDevices.expiresAt, now)];
    if (previousTokenHash) retired.push(eq(adminDevices.tokenHash, previousTokenHash));
    await tx.delete(adminDevices).where(and(eq(adminDevices.userId, values.userId), or(...retired)));
    await tx.insert(adminDevices).values(values);
  });
}
