/** The NOTIFY channel the session triggers announce on (migration 0005): the payload is the user's id. */
export const SESSION_CHANNEL = 'session_changed';
import type { AccountRow } from '../../db/schema';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: AccountRow;
  until: number;
}

/**
 * The users behind session tokens (by the token's hash), remembered for a few seconds, so a signed-in
 * request costs no database round trip for its session (issue 15). Anything that can end or change a
 * session — its row deleted (sign-out, rotation, password change), the user's row changed (disabled, role,
 * e-mail) — makes the database notify (migration 0005), and every instance forgets that user's sessions at
 * once; this instance also forgets a session it deletes itself, and the sessions of a user who has just
 * changed their own profile or password, before answering (plugins/session.ts), so nobody reads back their
 * own change stale. While notifications are
 * not arriving (not yet listening, or the listener's connection is down) nothing is remembered.
 */
export function createSessionCache({ ttlMs = SESSION_CACHE_TTL_MS, now = Date.now } = {}) {
  let live = false;
  // Raised by every forgetting: a lookup that started before one must not store what it found.
  let generation = 0;
  const entries = new Map<string, Entry>();

  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const forgetUser = (userId: number) => {
    generation++;
    for (const [tokenHash, entry] of entries) if (entry.user.id === userId) entries.delete(tokenHash);
  };

  return {
    get(tokenHash: string): AccountRow | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.user;
      entries.delete(tokenHash);
      return undefined;
    },
    /** Where forgetting stands now: pass it to set() with what a lookup started now finds. */
    generation: () => generation,
    set(tokenHash: string, user: AccountRow, lookedUpAt: number) {
      if (!live || lookedUpAt !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
      entries.set(tokenHash, { user, until: now() + ttlMs });
    },
    forget(tokenHash: string) {
      generation++;
      entries.delete(tokenHash);
    },
    forgetUser,
    /** For database.listen: a user's id forgets that user's sessions; anything else forgets all. */
    onNotify(payload: string) {
      const userId = Number(payload);
      if (payload !== '' && Number.isSafeInteger(userId)) forgetUser(userId);
      else forgetAll();
    },
    onLive(isLive: boolean) {
      live = isLive;
      forgetAll();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
