/**
 * A location's tax exemption (docs/companies.md#tax-exemption): valid through its last day, 'YYYY-MM-DD',
 * in UTC, as the database reads it too ((now() at time zone 'utc')::date).
 */

/** Staff are reminded this many days before an exemption's last day. */
export const TAX_EXEMPTION_REMINDER_DAYS = 30;

/** Today's date as 'YYYY-MM-DD' (UTC). */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Whether an exemption whose last day is `expiresOn` no longer applies at `now`. */
export const isExemptionExpired = (expiresOn: string, now: Date = new Date()) => expiresOn < todayIso(now);
