/**
 * Sessions for `npm run bench:web` (see bench-web.ts), made the way a browser makes them: a customer through
 * the magic link (requested as /auth does; without SMTP_URL the portal prints the e-mail on its stdout, where
 * the link is read), the administrator through the admin login with the password. Each answer's session
 * cookie is then checked against the portal's own "who am I" endpoints.
 */
import { currentUserSchema, type CurrentUser } from '../src/shared/schemas/auth';
import { submitOrdersOf } from './bench-orders';
import { BENCH_ADMIN_PASSWORD, sleep, type Portal } from './bench-support';

/** The e-mail, the verify link and the outbox worker's poll (1 s) together take well under this. */
const MAGIC_LINK_WAIT_MS = 30_000;
const ADMIN_USERNAME = 'admin';

export interface Session {
  /** The cookies the sign-in set, for a Cookie header. */
  cookie: string;
  user: CurrentUser;
}

/** A state-changing request as the portal's own pages send it (the same-origin check wants the Origin). */
async function postJson(portal: Portal, path: string, body: unknown): Promise<Response> {
  const response = await fetch(portal.baseUrl + path, {
    method: 'POST',
    headers: { origin: portal.appOrigin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}

/**
 * Every cookie the answer sets, as a Cookie header (`name=value; name=value`), as a browser would send them
 * after signing in: the session, and the hint the server picks a page's shell by (ADR 0016).
 */
function cookiesOf(response: Response, what: string): string {
  // Non-empty values only: a cookie set to '' is one the answer clears.
  const pairs = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair));
  if (!pairs.some((pair) => /^(__Host-)?sid=/.test(pair))) throw new Error(`${what} set no session cookie`);
  return pairs.join('; ');
}

/** The user behind `cookie` according to `path` (GET /api/user or /api/admin/user); throws unless 200. */
async function whoIs(portal: Portal, path: string, cookie: string): Promise<CurrentUser> {
  const response = await fetch(portal.baseUrl + path, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} with the new session answered ${response.status}`);
  return currentUserSchema.parse(await response.json());
}

/** Everything the portal prints from now on, to find e-mails in. */
function watchStdout(portal: Portal) {
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
  };
  portal.child.stdout?.on('data', append);
  return { text: () => text, stop: () => portal.child.stdout?.off('data', append) };
}

/** The sign-in link of the console e-mail addressed to `email` (the mailer prints one block per e-mail). */
function findMagicLink(printed: string, email: string): string | null {
  for (const block of printed.split('----- e-mail')) {
    if (!block.includes(`\nTo: ${email}\n`)) continue;
    const match = /\/auth\/verify\?token=([^\s&]+)/.exec(block);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return null;
}

/** Requests a login link for `email`, reads it from the portal's output and opens it (POST /api/auth/verify). */
export async function signInCustomer(portal: Portal, email: string): Promise<Session> {
  const stdout = watchStdout(portal);
  let token: string | null = null;
  try {
    await postJson(portal, '/api/request-magic-link', { email });
    const deadline = Date.now() + MAGIC_LINK_WAIT_MS;
    while (!(token = findMagicLink(stdout.text(), email)) && Date.now() < deadline) await sleep(100);
  } finally {
    stdout.stop();
  }
  if (!token) {
    throw new Error(
      `No sign-in e-mail for ${email} on the portal's output within ${MAGIC_LINK_WAIT_MS / 1000} s`,
    );
  }
  const cookie = cookiesOf(await postJson(portal, '/api/auth/verify', { token }), 'The magic link');
  const user = await whoIs(portal, '/api/user', cookie);
  if (user.role !== 'customer') throw new Error(`${email} signed in as ${user.role}, not as a customer`);
  return { cookie, user };
}

/** Signs the benchmark portal's first administrator in with its password (POST /api/admin/login). */
export async function signInAdmin(portal: Portal): Promise<Session> {
  const response = await postJson(portal, '/api/admin/login', {
    username: ADMIN_USERNAME,
    password: BENCH_ADMIN_PASSWORD,
  });
  const cookie = cookiesOf(response, 'The admin login');
  return { cookie, user: await whoIs(portal, '/api/admin/user', cookie) };
}

/** `count` submitted orders for the customer (bench-orders.ts, the order form's API), so /orders has rows. */
export async function giveOrders(portal: Portal, session: Session, count: number): Promise<void> {
  const token = /(?:^|; )(?:__Host-)?sid=([^;]+)/.exec(session.cookie)?.[1];
  if (!token) throw new Error(`No session cookie in ${session.cookie}`);
  const customer = { userId: session.user.id, email: session.user.email, sessionTokens: [token] };
  const problems = await submitOrdersOf(portal, customer, count);
  if (problems.length > 0) throw new Error(`Submitting the customer's orders failed: ${problems.join('; ')}`);
}
