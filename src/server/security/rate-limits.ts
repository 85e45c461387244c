/**
 * Every request and e-mail limit of the server, with its window, in one place (docs/security.md#rate-limits,
 * docs/security.md#administrator-sign-in). The counters in the database (accounts/send-limiter.ts,
 * admin-session/login-throttle.ts) and the routes' 429 limits (@fastify/rate-limit) read them from here.
 * Support messages are limited in the database instead (SUPPORT_MESSAGES_PER_HOUR in
 * shared/schemas/support.ts, whose message quotes the number).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `max` events per key in a fixed window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Beyond these the request still gets its usual answer, but no e-mail goes out
 * (docs/security.md#rate-limits).
 */
export interface EmailSendLimits {
  /** E-mails (sign-in links, review notices, reset links) per address per window. */
  perAddress: RateLimit;
  /** The same e-mails per client IP per window. */
  perIp: RateLimit;
}
export const EMAIL_SEND_LIMITS: EmailSendLimits = {
  perAddress: { max: 3, windowMs: 15 * MINUTE_MS },
  perIp: { max: 10, windowMs: HOUR_MS },
};

/**
 * Checks and uses of one password-reset link, from any address, per window: beyond it the link answers 429
 * until the window ends (its owner can ask for a new link).
 */
export const RESET_TOKEN_TRIES: RateLimit = { max: 10, windowMs: 15 * MINUTE_MS };

/**
 * Invitation attempts (new ones and resends, refused ones too, so addresses cannot be probed without end)
 * per company per hour (docs/companies.md#invitations): beyond it the owner is answered 429 with the time to
 * wait, and nothing is sent.
 */
export const INVITATIONS_PER_COMPANY: RateLimit = { max: 20, windowMs: HOUR_MS };

/**
 * 10 failures (wrong passwords and wrong codes alike) from one IP block it for 10 minutes; an account takes
 * 100 failures an hour; each attempt is counted before it is checked. A browser holding the account's device cookie is counted apart: 10 failures in 10
 * minutes block that cookie only, and neither the IP nor the account limit refuses it
 * (docs/security.md#administrator-sign-in).
 */
export interface AdminLoginLimits {
  perIp: RateLimit;
  perAccount: RateLimit;
  perDevice: RateLimit;
  /**
   * Wrong codes and passwords inside one signed-in administrator's session (the Security section's changes),
   * counted on that session only, so the account's block does not reach it.
   */
  perSession: RateLimit;
}
export const ADMIN_LOGIN_LIMITS: AdminLoginLimits = {
  perIp: { max: 10, windowMs: 10 * MINUTE_MS },
  perAccount: { max: 100, windowMs: HOUR_MS },
  perDevice: { max: 10, windowMs: 10 * MINUTE_MS },
  perSession: { max: 10, windowMs: 10 * MINUTE_MS },
};

/**
 * Limits of single routes, answered with 429 by @fastify/rate-limit (in its own shape: `timeWindow`). Each
 * counts apart (security/rate-limit-store.ts); routes that check the same kind of secret share one count
 * through their `groupId`, so guessing is not twice as fast on two routes.
 */
export const ROUTE_RATE_LIMITS = {
  /** POST /api/register, per IP (alike for every address, so it reveals nothing). */
  register: { max: 20, timeWindow: HOUR_MS },
  /** POST /api/auth/link-info and /api/auth/verify, per IP, one count (alike for every address). */
  verify: { max: 20, timeWindow: MINUTE_MS, groupId: 'magic-link' },
  /** POST /api/invitations/info and /api/invitations/accept, per IP, one count. */
  invitation: { max: 20, timeWindow: MINUTE_MS, groupId: 'invitation' },
  /** GET /api/validate-reset-token/… and POST /api/reset-password, per IP, one count: guessing stays slow. */
  resetToken: { max: 20, timeWindow: MINUTE_MS, groupId: 'reset-token' },
  /** POST /api/reorder-link, per IP (docs/reorder-reminders.md#the-link): a reminder's one-click sign-in. */
  reorderLink: { max: 20, timeWindow: MINUTE_MS },
  /**
   * POST /api/reorder-reminders/unsubscribe, per IP (docs/reorder-reminders.md#unsubscribe): higher, because
   * mail providers post one-click unsubscribes for many people from a few addresses.
   */
  unsubscribe: { max: 60, timeWindow: MINUTE_MS },
  /**
   * POST /api/create-draft-order, per customer (docs/security.md#rate-limits); far above what a person can
   * click.
   */
  submitOrder: { max: 30, timeWindow: MINUTE_MS },
} as const;
