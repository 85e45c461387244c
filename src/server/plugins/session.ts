import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { AppError } from '../errors';
import {
  deleteSession,
  findSessionUser,
  insertSession,
  ADMIN_ABSOLUTE_TIMEOUT_MS,
  SESSION_LIFETIME_MS,
} from '../features/sessions';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { isDatabaseUnreachable } from '../db/postgres-errors';
import { generateToken, hashToken } from '../security/tokens';
import type { SessionCache } from '../features/sessions';
import type { AccountRow, UserRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for /api requests; null for visitors. */
    user: AccountRow | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** A catalogue read (products, prices): the same answer for everyone, so it needs no session. */
    catalogue?: boolean;
  }
}

/** `__Host-` (and Secure) on https, so the cookie is bound to this exact origin (ADR 0004). */
export function sessionCookieName(env: Pick<Env, 'APP_ORIGIN'>): string {
  return env.APP_ORIGIN.startsWith('https:') ? '__Host-sid' : 'sid';
}

/** Only approved accounts hold sessions; a rejected or disabled account's session is worthless at once. */
function mayHoldSession(user: UserRow): boolean {
  return user.status === 'approved';
}

export function registerSessions(
  app: FastifyInstance,
  {
    db,
    env,
    cache,
    adminMayHoldSession,
  }: {
    db: Database;
    env: Env;
    cache: SessionCache;
    /**
     * An administrator's session is used only when this agrees (ADMIN_REQUIRE_TOTP: a second factor,
     * docs/security.md#the-second-factor); otherwise it is ended, and signing in again sets one up.
     */
    adminMayHoldSession?: ((admin: UserRow) => Promise<boolean>) | undefined;
  },
) {
  const cookieName = sessionCookieName(env);
  const secure = env.APP_ORIGIN.startsWith('https:');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  // On the request, before its body is read: a route can refuse a visitor by role before it parses or judges
  // the body (admin-guard.ts). A callback hook: a visitor, or a remembered session, costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.url.startsWith('/api/') ? request.cookies[cookieName] : undefined;
    if (!token) {
      done();
      return;
    }
    const tokenHash = hashToken(token);
    const signIn = (user: AccountRow | null) => {
      if (user) {
        request.user = user;
        request.sessionTokenHash = tokenHash;
      }
      done();
    };
    const remembered = cache.get(tokenHash);
    if (remembered) signIn(remembered);
    else
      lookUpSession(tokenHash).then(signIn, (error: unknown) => {
        // The catalogue answers everyone alike: while the database cannot be reached, a signed-in buyer's
        // catalogue read goes on without the session, served from memory (docs/operations.md#database-outages).
        if (request.routeOptions.config.catalogue === true && isDatabaseUnreachable(error)) done();
        else done(error as Error);
      });
  });

  /**
   * The session's user from the database, remembered for a few seconds when the session is good. An
   * administrator's is not remembered: its idle and absolute limits (ADR 0011) are checked on every request.
   */
  async function lookUpSession(tokenHash: string): Promise<AccountRow | null> {
    const lookedUpAt = cache.generation();
    const user = await findSessionUser(db, tokenHash);
    if (!user || !mayHoldSession(user)) return null;
    if (user.role !== 'admin') cache.set(tokenHash, user, lookedUpAt);
    else if (adminMayHoldSession && !(await adminMayHoldSession(user))) {
      await endSession(tokenHash);
      return null;
    }
    return user;
  }

  /** Ends a session here and now: the row, and this instance's memory of it (others hear the database). */
  async function endSession(tokenHash: string) {
    cache.forget(tokenHash);
    await deleteSession(db, tokenHash);
  }

  /** Clears the page-readable hint that a session exists (shared/session-hint.ts). */
  const clearHint = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
  };

  return {
    /**
     * The request's user has just changed their own row (profile, password): this instance forgets their
     * remembered session before answering, so the next request reads the change back without waiting for
     * the database's notification (which tells the other instances).
     */
    userChanged(request: FastifyRequest) {
      if (request.user) cache.forgetUser(request.user.id);
    },
    /**
     * Someone else's account has just changed (an owner changed their role or locations, or removed them):
     * this instance forgets their sessions before answering; the others hear the database's notification.
     */
    otherUserChanged(userId: number) {
      cache.forgetUser(userId);
    },
    /** Starts a new session for `user` (rotating away any session the request carried) and sets the cookie. */
    async signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      if (request.sessionTokenHash) await endSession(request.sessionTokenHash);
      const token = generateToken();
      await insertSession(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        userAgent: request.headers['user-agent']?.slice(0, 300),
        ipAddress: request.ip,
      });
      // An administrator's cookie is Strict and lives no longer than the session may
      // (docs/security.md#sessions).
      const isAdmin = user.role === 'admin';
      const maxAge = (isAdmin ? ADMIN_ABSOLUTE_TIMEOUT_MS : SESSION_LIFETIME_MS) / 1000;
      reply.setCookie(cookieName, token, {
        path: '/',
        httpOnly: true,
        sameSite: isAdmin ? 'strict' : 'lax',
        secure,
        maxAge,
      });
      // Readable by the page, and worth nothing to anyone: see shared/session-hint.ts.
      reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure, maxAge });
    },
    /** Ends the request's session and clears the cookie. */
    async signOut(request: FastifyRequest, reply: FastifyReply) {
      if (request.sessionTokenHash) await endSession(request.sessionTokenHash);
      reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      clearHint(reply);
    },
    clearHint,
  };
}

export type Sessions = ReturnType<typeof registerSessions>;

/** The signed-in customer or administrator, or 401. */
export function requireUser(request: FastifyRequest): AccountRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}
