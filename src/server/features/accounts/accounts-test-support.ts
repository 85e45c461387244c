import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { jobs, magicLinkTokens, passwordResetTokens, users } from '../../db/schema';
import type { Env } from '../../env';
import { handlerTable } from '../../jobs/job-definition';
import { linkMailJobs } from './link-mail.jobs';
import { hashPassword } from '../../security/password-hash';
import { generateToken, hashToken } from '../../security/tokens';
import { sqlRows } from '../../test/sql-rows';
import { sameOrigin, testEnv } from '../../test/test-app';
import type { MailMessage } from '../../mail/mailer';

let ipCounter = 0;
/** A fresh client address per test, so the per-IP limits of one test never touch another. */
export const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export interface RequestOptions {
  ip?: string;
  cookie?: string | undefined;
}

export function post(app: App, url: string, payload: unknown, options: RequestOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...sameOrigin, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip ?? freshIp(),
  });
}

export function get(app: App, url: string, options: RequestOptions = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** "sid=..." from a response's Set-Cookie, or undefined. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'sid' && candidate.value !== '');
  return cookie ? `sid=${cookie.value}` : undefined;
}

/** What the link-mail jobs each test database ran have sent, by job id. */
const sentLinkMail = new WeakMap<Database, { jobId: number; message: MailMessage }[]>();

/**
 * Runs the queued link-mail jobs (link-mail.jobs.ts: sign-in, reset and approval links are written when they
 * are sent, never stored) as the worker would, and keeps what they send. Each job is taken by one caller
 * (pending → running), so tests that read the outbox at the same time never send one twice.
 */
export async function deliverLinkMail(db: Database, env: Env = testEnv()): Promise<void> {
  const sent = sentLinkMail.get(db) ?? [];
  sentLinkMail.set(db, sent);
  const handlers = handlerTable(
    linkMailJobs({
      db,
      env,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      mailer: {
        kind: 'console',
        send: (message) => {
          sent.push({ jobId: current, message });
          return Promise.resolve({ messageId: null });
        },
        close: () => undefined,
      },
    }),
  );
  let current = 0;
  for (;;) {
    const [job] = await db
      .update(jobs)
      .set({ state: 'running', lockedAt: new Date(), lockedBy: 'test' })
      .where(
        // SKIP LOCKED: on PostgreSQL two callers at once would otherwise both take the same job (the subquery
        // is not evaluated again after the first caller's update), send it twice, and one link would be stale.
        sql`state = 'pending' and id = (select id from jobs where state = 'pending' and type in ${Object.keys(handlers)} order by id limit 1 for update skip locked)`,
      )
      .returning();
    if (!job) return waitForOtherSenders(db);
    current = job.id;
    await handlers[job.type]?.(job.payload, job);
    await db.update(jobs).set({ state: 'done', completedAt: new Date() }).where(eq(jobs.id, job.id));
  }
}

/** Until the jobs another caller took are sent too: an outbox read after this sees every link asked for. */
async function waitForOtherSenders(db: Database): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const [row] = await sqlRows<{ running: number }>(
      db,
      sql`select count(*)::int as running from jobs where state = 'running' and locked_by = 'test'`,
    );
    if (!row?.running) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The outbox: every e-mail queued or sent by a link-mail job, oldest first. */
export async function outbox(db: Database, env?: Env): Promise<MailMessage[]> {
  await deliverLinkMail(db, env);
  const rows = await sqlRows<{ id: number; payload: MailMessage }>(
    db,
    sql`select id::int as id, payload from jobs where type = 'email.send' order by id`,
  );
  const queued = rows.map((row) => ({ jobId: row.id, message: row.payload }));
  return [...queued, ...(sentLinkMail.get(db) ?? [])]
    .sort((a, b) => a.jobId - b.jobId)
    .map((entry) => entry.message);
}

export const mailsTo = async (db: Database, to: string) =>
  (await outbox(db)).filter((message) => message.to === to);

export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}

let userCounter = 0;
export const uniqueEmail = (label = 'buyer') => `${label}-${++userCounter}-${Date.now()}@example.com`;

export async function createUser(
  db: Database,
  values: {
    email?: string;
    status?: 'pending' | 'approved' | 'rejected' | 'disabled';
    password?: string;
  } = {},
) {
  const email = values.email ?? uniqueEmail();
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: email,
      firstName: 'Ada',
      lastName: 'Buyer',
      businessName: 'Mist Shop',
      status: values.status ?? 'approved',
      passwordHash: values.password ? await hashPassword(values.password) : null,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** Stores a link token directly (expired ones included) and returns the secret. */
export async function insertLinkToken(
  db: Database,
  purpose: 'magic-link' | 'password-reset',
  userId: number,
  expiresInSeconds = 600,
) {
  const token = generateToken();
  await db.insert(purpose === 'magic-link' ? magicLinkTokens : passwordResetTokens).values({
    token: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${expiresInSeconds}::int)`,
  });
  return token;
}

/** Signs `email` in through the real flow (request link, read the outbox, verify) and returns the cookie. */
export async function signIn(app: App, db: Database, email: string): Promise<string> {
  await post(app, '/api/request-magic-link', { email });
  const mails = await mailsTo(db, email);
  const token = tokenFromLink(mails.at(-1)?.text ?? '', '/auth/verify');
  const response = await post(app, '/api/auth/verify', { token });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  return cookie;
}
