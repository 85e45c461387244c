/*
 * Sessions: the session plugin (src/server/plugins/session.ts) reads, creates and ends them through this face;
 * features end them on a password change, role change or sign-out everywhere.
 */
export {
  deleteSession,
  deleteSessionsOfUser,
  findSessionUser,
  insertSession,
  ADMIN_ABSOLUTE_TIMEOUT_MS,
  SESSION_LIFETIME_MS,
} from './sessions.repository';
export { createSessionCache, SESSION_CHANNEL, type SessionCache } from './session-cache';
