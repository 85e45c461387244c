import { TOTP_MESSAGES, type TotpSetup, type TotpStatus } from '../../../shared/schemas/admin-session';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { verifyPassword } from '../../security/password-hash';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deleteTotp,
  enableTotp,
  findTotp,
  replaceRecoveryCodes,
  saveTotpSetup,
  spendRecoveryCode,
} from './admin-sign-in.repository';
import type { AttemptSource, SignInThrottles } from './sign-in-throttles';
import {
  asRecoveryCode,
  asTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  qrCodeDataUrl,
  totpStepOf,
  totpUri,
} from './totp';
import type { TotpKeyring } from './totp-key';

/** Who acts, for the audit log: the administrator (signed in, or completing a sign-in) and the address. */
export type TotpActor = AuditActor & { user: UserRow };

/** Audit log actions of the second factor (docs/admin.md#audit-log). */
export const TOTP_AUDIT_ACTIONS = {
  enabled: 'admin-totp.enable',
  disabled: 'admin-totp.disable',
  recoveryCodeUsed: 'admin-totp.recovery-code-used',
  recoveryCodesRegenerated: 'admin-totp.recovery-codes-regenerate',
} as const;

/** Associated data of a sealed secret: it opens only on its own administrator's row. */
const sealContext = (userId: number) => `admin-totp:${userId}`;

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * An administrator's TOTP second factor (docs/security.md#administrator-sign-in, docs/admin.md#security):
 * set-up (a new secret, confirmed by a first code, then ten recovery codes shown once), codes used once each,
 * turning it off and new recovery codes (each needing a fresh code). Every change is audited.
 */
export function createAdminTotpService({
  db,
  env,
  keyring,
  throttles,
  now = Date.now,
}: {
  db: Database;
  env: Pick<Env, 'STORE_NAME' | 'ADMIN_REQUIRE_TOTP'>;
  keyring: TotpKeyring;
  throttles: SignInThrottles;
  now?: () => number;
}) {
  async function openSecret(userId: number, sealed: string): Promise<string | null> {
    const box = await keyring.secretBox();
    try {
      return box.open(sealed, sealContext(userId));
    } catch {
      return null;
    }
  }

  async function isEnrolled(userId: number): Promise<boolean> {
    return Boolean((await findTotp(db, userId))?.enabledAt);
  }

  /**
   * Spends `input` as a second factor of an enrolled administrator: a TOTP code of a step after the last one
   * accepted, or an unused recovery code (audited in the same transaction). Null when it is neither.
   */
  async function spendCode(actor: TotpActor, input: string): Promise<'totp' | 'recovery' | null> {
    const userId = actor.user.id;
    const totpCode = asTotpCode(input);
    if (totpCode) {
      const row = await findTotp(db, userId);
      if (!row?.enabledAt) return null;
      const secret = await openSecret(userId, row.secretSealed);
      if (secret === null) throw new AppError('UNAVAILABLE', TOTP_MESSAGES.keyUnreadable);
      const step = totpStepOf(secret, totpCode, now());
      return step !== null && (await acceptTotpStep(db, userId, step)) ? 'totp' : null;
    }
    const recoveryCode = asRecoveryCode(input);
    if (!recoveryCode) return null;
    return db.transaction(async (tx) => {
      if (!(await spendRecoveryCode(tx, userId, hashRecoveryCode(recoveryCode)))) return null;
      await recordAudit(tx, actor, {
        action: TOTP_AUDIT_ACTIONS.recoveryCodeUsed,
        entityType: 'user',
        entityId: userId,
        after: { recoveryCodesLeft: await countUnusedRecoveryCodes(tx, userId) },
      });
      return 'recovery' as const;
    });
  }

  /**
   * Turns the second factor on when `input` is the waiting secret's code; returns the ten recovery codes,
   * which exist nowhere else from then on (only their hashes). Null for a wrong code.
   */
  async function confirmSetup(actor: TotpActor, input: string): Promise<string[] | null> {
    const userId = actor.user.id;
    const row = await findTotp(db, userId);
    if (row?.enabledAt) throw conflict(TOTP_MESSAGES.alreadyOn);
    const secret = row ? await openSecret(userId, row.secretSealed) : null;
    if (!row || secret === null) throw conflict(TOTP_MESSAGES.noSetup);
    const code = asTotpCode(input);
    const step = code ? totpStepOf(secret, code, now()) : null;
    if (step === null) return null;
    const recoveryCodes = generateRecoveryCodes();
    const enabled = await db.transaction(async (tx) => {
      if (!(await enableTotp(tx, userId, row.secretSealed, step))) return false;
      await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
      await recordAudit(tx, actor, {
        action: TOTP_AUDIT_ACTIONS.enabled,
        entityType: 'user',
        entityId: userId,
        before: { totpEnabled: false },
        after: { totpEnabled: true, recoveryCodes: recoveryCodes.length },
      });
      return true;
    });
    if (!enabled) throw conflict(TOTP_MESSAGES.noSetup);
    return recoveryCodes;
  }

  /**
   * Runs `check` (a code, or the password) for a change inside a signed-in session, counted BEFORE it runs on
   * `source` (the session: docs/security.md#the-second-factor); a failed check keeps its slot and is answered
   * 422 with `refusal`, a passed one gives the slot back.
   */
  async function checkCounted<T>(
    source: AttemptSource,
    check: () => Promise<T | null | false>,
    refusal: string,
  ): Promise<T> {
    await throttles.takeAttempt(source);
    const passed = await throttles.judge(source, check);
    if (passed === null || passed === false) throw new AppError('UNPROCESSABLE', refusal);
    await throttles.recordSuccess(source);
    return passed;
  }

  /** A code that must be right before a change: counted like a wrong password when it is not. */
  async function requireFreshCode(actor: TotpActor, input: string, source: AttemptSource) {
    if (!(await isEnrolled(actor.user.id))) throw conflict(TOTP_MESSAGES.notOn);
    await checkCounted(source, () => spendCode(actor, input), TOTP_MESSAGES.invalidCode);
  }

  /**
   * A new secret for `user`, kept sealed until a code confirms it (a later set-up replaces it): the QR code
   * and the key to type. 409 when the second factor is already on: replacing it means turning it off first
   * (with a code), then a new set-up.
   */
  async function beginSetup(user: UserRow): Promise<TotpSetup> {
    const box = await keyring.secretBox();
    const secret = generateTotpSecret();
    if (!(await saveTotpSetup(db, user.id, box.seal(secret, sealContext(user.id))))) {
      throw conflict(TOTP_MESSAGES.alreadyOn);
    }
    const otpauthUri = totpUri({ secret, issuer: env.STORE_NAME, account: user.username });
    return { secret, otpauthUri, qrCodeDataUrl: await qrCodeDataUrl(otpauthUri) };
  }

  return {
    isEnrolled,
    spendCode,

    async status(user: UserRow): Promise<TotpStatus> {
      const row = await findTotp(db, user.id);
      return {
        enabled: Boolean(row?.enabledAt),
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: row?.enabledAt ? await countUnusedRecoveryCodes(db, user.id) : 0,
        required: env.ADMIN_REQUIRE_TOTP,
      };
    },

    /** At sign-in (ADMIN_REQUIRE_TOTP): the pending sign-in has just proved the password. */
    beginSetup,

    /**
     * beginSetup in the Security section: the administrator's current password first, counted on `source`
     * like a wrong code when it is wrong (422), so a session alone cannot bind another authenticator.
     */
    async beginSetupWithPassword(user: UserRow, currentPassword: string, source: AttemptSource) {
      if (await isEnrolled(user.id)) throw conflict(TOTP_MESSAGES.alreadyOn);
      await checkCounted(
        source,
        () => verifyPassword(user.passwordHash ?? '', currentPassword),
        TOTP_MESSAGES.passwordIncorrect,
      );
      return beginSetup(user);
    },

    confirmSetup,

    /** confirmSetup in the portal: a wrong code is counted like a wrong password and answered 422. */
    async confirmSetupOrRefuse(actor: TotpActor, input: string, source: AttemptSource): Promise<string[]> {
      return checkCounted(source, () => confirmSetup(actor, input), TOTP_MESSAGES.invalidCode);
    },

    /** Turns the second factor off, after a fresh code (or a recovery code). */
    async disable(actor: TotpActor, input: string, source: AttemptSource): Promise<void> {
      // Refused before the code is spent: with ADMIN_REQUIRE_TOTP the second factor stays on.
      if (env.ADMIN_REQUIRE_TOTP) throw conflict(TOTP_MESSAGES.requiredCannotTurnOff);
      await requireFreshCode(actor, input, source);
      await db.transaction(async (tx) => {
        await deleteTotp(tx, actor.user.id);
        await recordAudit(tx, actor, {
          action: TOTP_AUDIT_ACTIONS.disabled,
          entityType: 'user',
          entityId: actor.user.id,
          before: { totpEnabled: true },
          after: { totpEnabled: false },
        });
      });
    },

    /** Ten new recovery codes in place of the old ones, after a fresh code; shown once. */
    async regenerateRecoveryCodes(actor: TotpActor, input: string, source: AttemptSource): Promise<string[]> {
      await requireFreshCode(actor, input, source);
      const recoveryCodes = generateRecoveryCodes();
      await db.transaction(async (tx) => {
        const before = await countUnusedRecoveryCodes(tx, actor.user.id);
        await replaceRecoveryCodes(tx, actor.user.id, recoveryCodes.map(hashRecoveryCode));
        await recordAudit(tx, actor, {
          action: TOTP_AUDIT_ACTIONS.recoveryCodesRegenerated,
          entityType: 'user',
          entityId: actor.user.id,
          before: { recoveryCodesLeft: before },
          after: { recoveryCodesLeft: recoveryCodes.length },
        });
      });
      return recoveryCodes;
    },
  };
}

export type AdminTotpService = ReturnType<typeof createAdminTotpService>;
