import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_LINK_MESSAGE, LINK_INVALID_MESSAGE, currentUserSchema } from '../../../shared/schemas/auth';
import { companyLocations, magicLinkTokens, sessions, users } from '../../db/schema';
import { hashToken } from '../../security/tokens';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countSessions } from '../sessions/sessions-test-support';
import { createUser, uniqueEmail, registrationRequest } from '../../test/factories/users';
import { freshIp, get, post, sessionCookie } from '../../test/requests';
import { insertLinkToken, signIn } from '../../test/factories/sign-in';
import { mailsTo, outbox, tokenFromLink } from '../../test/outbox';

const registration = (email: string) => registrationRequest(email, { shippingAddressLine2: 'Suite 2' });

describe('accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];

  describe('POST /api/register', () => {
    it('lists the missing required fields in the spec message, and each in details for its field', async () => {
      const response = await post(t.app, '/api/register', { firstName: 'Grace', email: 'g@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message:
          'Missing Required Fields: Please provide: Last Name, Business Name, Phone, Shipping Address Line 1, City, State, ZIP/Postal Code',
      });
      expect(response.json<{ details: unknown[] }>().details).toEqual([
        { field: 'lastName', message: 'Last Name is required' },
        { field: 'businessName', message: 'Business Name is required' },
        { field: 'phone', message: 'Phone is required' },
        { field: 'shippingAddressLine1', message: 'Shipping Address Line 1 is required' },
        { field: 'shippingCity', message: 'City is required' },
        { field: 'shippingState', message: 'State is required' },
        { field: 'shippingZip', message: 'ZIP/Postal Code is required' },
      ]);
    });

    it('refuses an invalid e-mail, naming the field', async () => {
      const response = await post(t.app, '/api/register', registration('not-an-email'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please enter a valid email address',
        details: [{ field: 'email', message: 'Please enter a valid email address' }],
      });
    });

    it('creates a pending customer (username = lower-cased e-mail, address assembled) and queues both e-mails', async () => {
      const email = uniqueEmail('new');
      const response = await post(t.app, '/api/register', {
        ...registration(email.toUpperCase()),
        role: 'admin',
        status: 'approved',
        username: 'boss',
        approvedAt: new Date().toISOString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Registration submitted' });

      const user = await userByEmail(email);
      expect(user).toMatchObject({
        username: email,
        role: 'customer',
        status: 'pending',
        approvedAt: null,
        passwordHash: null,
        companyRole: 'owner',
      });
      // The address is the new company's default location (docs/companies.md#locations).
      const [location] = await t.db
        .select()
        .from(companyLocations)
        .where(eq(companyLocations.companyId, user!.companyId!));
      expect(location).toMatchObject({
        isDefault: true,
        phone: '555-0100',
        shippingCountry: 'USA',
        shippingAddress: '1 Harbor Rd\nSuite 2\nPortland, ME, 04101\nUSA',
      });

      const [received] = await mailsTo(t.db, email);
      expect(received?.text).toContain('48 hours');
      expect(received?.text).toContain(t.env.SUPPORT_EMAIL);
      const staff = (await mailsTo(t.db, t.env.STAFF_EMAIL)).at(-1);
      expect(staff?.text).toContain(email);
      expect(staff?.text).toContain('Hopper Naturals');
    });

    it('answers a known e-mail identically, creates nothing and notifies the owner', async () => {
      const email = uniqueEmail('dupe');
      const first = await post(t.app, '/api/register', registration(email));
      const staffBefore = (await mailsTo(t.db, t.env.STAFF_EMAIL)).length;
      const second = await post(t.app, '/api/register', { ...registration(email), firstName: 'Mallory' });

      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      const rows = await t.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.firstName).toBe('Grace');
      const mails = await mailsTo(t.db, email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toMatch(/Registration attempt/);
      expect((await mailsTo(t.db, t.env.STAFF_EMAIL)).length).toBe(staffBefore);
    });

    it('escapes user content in the HTML body', async () => {
      const email = uniqueEmail('html');
      await post(t.app, '/api/register', { ...registration(email), businessName: '<b>Evil</b> & Co' });
      const staff = (await mailsTo(t.db, t.env.STAFF_EMAIL)).at(-1);
      expect(staff?.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
      expect(staff?.html).not.toContain('<b>Evil</b>');
    });
  });

  describe('repeated registrations of a registered address', () => {
    it('tell its owner at most 3 times in 15 minutes, however many addresses the attempts come from', async () => {
      const owner = await createUser(t.db, { status: 'approved' });
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await post(t.app, '/api/register', registration(owner.email), { ip: freshIp() });
        expect(response.statusCode).toBe(200);
      }
      const notices = (await mailsTo(t.db, owner.email)).filter((mail) =>
        mail.subject.includes('Registration attempt for your address'),
      );
      expect(notices).toHaveLength(3);
    });
  });

  describe('POST /api/request-magic-link', () => {
    it('answers every address alike; only approved gets a link, pending gets the review notice', async () => {
      const approved = await createUser(t.db, { status: 'approved' });
      const pending = await createUser(t.db, { status: 'pending' });
      const rejected = await createUser(t.db, { status: 'rejected' });
      const disabled = await createUser(t.db, { status: 'disabled' });
      const unknown = uniqueEmail('nobody');

      const responses = [];
      for (const email of [approved.email, pending.email, rejected.email, disabled.email, unknown]) {
        responses.push(await post(t.app, '/api/request-magic-link', { email }));
      }
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(JSON.stringify({ message: GENERIC_LINK_MESSAGE }));
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }

      const [link] = await mailsTo(t.db, approved.email);
      expect(link?.text).toContain(`${t.env.APP_ORIGIN}/auth/verify?token=`);
      const token = tokenFromLink(link?.text ?? '', '/auth/verify');
      // Only the SHA-256 is stored (docs/security.md#link-tokens).
      const stored = await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.userId, approved.id));
      expect(stored.map((row) => row.token)).toEqual([hashToken(token)]);

      const [review] = await mailsTo(t.db, pending.email);
      expect(review?.subject).toMatch(/still under review/);
      expect(review?.text).not.toContain('token=');
      expect(await mailsTo(t.db, rejected.email)).toHaveLength(0);
      expect(await mailsTo(t.db, disabled.email)).toHaveLength(0);
      expect(await mailsTo(t.db, unknown)).toHaveLength(0);
      for (const user of [pending, rejected, disabled]) {
        expect(await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.userId, user.id))).toEqual(
          [],
        );
      }
    });

    it('builds the link from APP_ORIGIN, never from the Host header', async () => {
      const user = await createUser(t.db);
      await t.app.inject({
        method: 'POST',
        url: '/api/request-magic-link',
        payload: { email: user.email },
        headers: { origin: t.env.APP_ORIGIN, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        remoteAddress: freshIp(),
      });
      const [mail] = await mailsTo(t.db, user.email);
      expect(mail?.text).toContain('http://portal.test/auth/verify?token=');
      expect(mail?.text).not.toContain('evil.example');
    });

    it('finds the account whatever the case of the address', async () => {
      const user = await createUser(t.db);
      await post(t.app, '/api/request-magic-link', { email: `  ${user.email.toUpperCase()} ` });
      expect(await mailsTo(t.db, user.email)).toHaveLength(1);
    });

    it('limits e-mails per address without changing the answer', async () => {
      const user = await createUser(t.db);
      const bodies = new Set<string>();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await post(
          t.app,
          '/api/request-magic-link',
          { email: user.email },
          { ip: freshIp() },
        );
        expect(response.statusCode).toBe(200);
        bodies.add(response.body);
      }
      expect(bodies.size).toBe(1);
      expect(await mailsTo(t.db, user.email)).toHaveLength(3);
    });

    it('limits e-mails per IP without changing the answer', async () => {
      const ip = freshIp();
      const people = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
      for (const person of people) {
        const response = await post(t.app, '/api/request-magic-link', { email: person.email }, { ip });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: GENERIC_LINK_MESSAGE });
      }
      const sent = (await outbox(t.db)).filter((mail) => people.some((person) => person.email === mail.to));
      expect(sent).toHaveLength(10);
    });

    it('retires the earlier link when a new one is issued', async () => {
      const user = await createUser(t.db);
      await post(t.app, '/api/request-magic-link', { email: user.email });
      await post(t.app, '/api/request-magic-link', { email: user.email });
      const [first, second] = await mailsTo(t.db, user.email);
      const firstToken = tokenFromLink(first?.text ?? '', '/auth/verify');
      const secondToken = tokenFromLink(second?.text ?? '', '/auth/verify');
      expect((await post(t.app, '/api/auth/verify', { token: firstToken })).statusCode).toBe(400);
      expect((await post(t.app, '/api/auth/verify', { token: secondToken })).statusCode).toBe(200);
    });
  });

  describe('administrators and sign-in links', () => {
    it('sends no link to an administrator (the same answer), and refuses a link issued to one', async () => {
      const admin = await createUser(t.db, { role: 'admin' });

      const response = await post(t.app, '/api/request-magic-link', { email: admin.email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: GENERIC_LINK_MESSAGE });
      expect(await mailsTo(t.db, admin.email)).toEqual([]);

      const token = await insertLinkToken(t.db, 'magic-link', admin.id);
      const verify = await post(t.app, '/api/auth/verify', { token });
      expect(verify.statusCode).toBe(400);
      expect(verify.json()).toMatchObject({ code: 'LINK_INVALID' });
      expect(sessionCookie(verify)).toBeUndefined();
    });
  });

  describe('a link whose account may no longer use one', () => {
    it('is refused without being spent, so it works again once the account may', async () => {
      const user = await createUser(t.db, { status: 'approved' });
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      const refused = await post(t.app, '/api/auth/verify', { token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'LINK_INVALID' });
      const [stored] = await t.db
        .select()
        .from(magicLinkTokens)
        .where(eq(magicLinkTokens.token, hashToken(token)));
      expect(stored?.used).toBe(false);

      await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
      expect((await post(t.app, '/api/auth/verify', { token })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/verify', () => {
    it('signs in with a session cookie; GET /api/user then answers the user', async () => {
      const user = await createUser(t.db);
      await post(t.app, '/api/request-magic-link', { email: user.email });
      const token = tokenFromLink((await mailsTo(t.db, user.email))[0]?.text ?? '', '/auth/verify');

      const response = await post(t.app, '/api/auth/verify', { token, next: '/orders?page=2' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.redirectTo).toBe('/orders?page=2');
      expect(currentUserSchema.parse(body.user)).toMatchObject({ id: user.id, email: user.email });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toContain(token);

      const me = await get(t.app, '/api/user', { cookie: sessionCookie(response) });
      expect(me.statusCode).toBe(200);
      expect(currentUserSchema.parse(me.json())).toMatchObject({ id: user.id, hasPassword: false });
      expect(me.json()).not.toHaveProperty('passwordHash');
      expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastLoginAt).not.toBeNull();
    });

    it('refuses a replayed token and creates no second session', async () => {
      const user = await createUser(t.db);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      expect((await post(t.app, '/api/auth/verify', { token })).statusCode).toBe(200);
      const replay = await post(t.app, '/api/auth/verify', { token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
      expect(replay.headers['set-cookie']).toBeUndefined();
      expect(await countSessions(t.db, user.id)).toBe(1);
    });

    it('refuses expired, unknown and reset tokens with the same answer', async () => {
      const user = await createUser(t.db);
      const expired = await insertLinkToken(t.db, 'magic-link', user.id, -1);
      const reset = await insertLinkToken(t.db, 'password-reset', user.id);
      const answers = [];
      for (const token of [expired, reset, 'unknown-token']) {
        const response = await post(t.app, '/api/auth/verify', { token });
        expect(response.statusCode).toBe(400);
        answers.push(JSON.stringify({ ...response.json(), requestId: undefined }));
      }
      expect(new Set(answers).size).toBe(1);
      expect(await countSessions(t.db, user.id)).toBe(0);
    });

    it('gives a pending, rejected or disabled account no session', async () => {
      for (const status of ['pending', 'rejected', 'disabled'] as const) {
        const user = await createUser(t.db, { status });
        const token = await insertLinkToken(t.db, 'magic-link', user.id);
        const response = await post(t.app, '/api/auth/verify', { token });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'LINK_INVALID' });
        expect(await countSessions(t.db, user.id)).toBe(0);
      }
    });

    it('yields exactly one session when the same token is consumed concurrently', async () => {
      const user = await createUser(t.db);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(t.app, '/api/auth/verify', { token })),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 400)).toHaveLength(9);
      expect(await countSessions(t.db, user.id)).toBe(1);
    });

    it.each([
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'orders',
    ])('sends next=%j to /', async (next) => {
      const user = await createUser(t.db);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      const response = await post(t.app, '/api/auth/verify', { token, next });
      expect(response.statusCode).toBe(200);
      expect(response.json().redirectTo).toBe('/');
    });

    it('rate-limits verification attempts per IP', async () => {
      const ip = freshIp();
      const codes = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        codes.push((await post(t.app, '/api/auth/verify', { token: `guess-${attempt}` }, { ip })).statusCode);
      }
      expect(codes.slice(0, 20).every((code) => code === 400)).toBe(true);
      expect(codes[20]).toBe(429);
    });

    it('refuses a cross-origin or origin-less POST before anything happens', async () => {
      const user = await createUser(t.db);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      const noOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
      expect(noOrigin.statusCode).toBe(403);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { token },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registration(uniqueEmail()),
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(register.statusCode).toBe(403);
      // The token is still unused: the refused requests consumed nothing.
      expect((await post(t.app, '/api/auth/verify', { token })).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('answers 401 without a session', async () => {
      const response = await get(t.app, '/api/user');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('rotates the session at sign-in: the old cookie is dead afterwards', async () => {
      const user = await createUser(t.db);
      const oldCookie = await signIn(t.app, t.db, user.email);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      const again = await post(t.app, '/api/auth/verify', { token }, { cookie: oldCookie });
      const newCookie = sessionCookie(again);
      expect(newCookie).toBeDefined();
      expect(newCookie).not.toBe(oldCookie);
      expect((await get(t.app, '/api/user', { cookie: oldCookie })).statusCode).toBe(401);
      expect((await get(t.app, '/api/user', { cookie: newCookie })).statusCode).toBe(200);
      expect(await countSessions(t.db, user.id)).toBe(1);
    });

    it('logs out: row deleted, cookie cleared, replay 401; also fine without a session', async () => {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      const response = await post(t.app, '/api/logout', {}, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Logged out' });
      expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
      expect((await get(t.app, '/api/user', { cookie })).statusCode).toBe(401);
      expect(await countSessions(t.db, user.id)).toBe(0);
      expect((await post(t.app, '/api/logout', {})).statusCode).toBe(200);
    });

    it('answers GET /api/session 200 with the user, or with null and no error for a visitor', async () => {
      const visitor = await get(t.app, '/api/session');
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['cache-control']).toBe('no-store');
      expect(visitor.json()).toEqual({ user: null });

      const user = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      const signedIn = await get(t.app, '/api/session', { cookie });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toEqual({ user: (await get(t.app, '/api/user', { cookie })).json() });
      expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email, role: 'customer' });
      expect(JSON.stringify(signedIn.json())).not.toMatch(/hash|token/i);

      await post(t.app, '/api/logout', {}, { cookie });
      expect((await get(t.app, '/api/session', { cookie })).json()).toEqual({ user: null });
    });

    it('sets the page-readable signed_in hint at sign-in and clears it at sign-out or without a session', async () => {
      const user = await createUser(t.db);
      const token = await insertLinkToken(t.db, 'magic-link', user.id);
      const signIn = await post(t.app, '/api/auth/verify', { token });
      const cookies = [signIn.headers['set-cookie']].flat().map(String);
      const hint = cookies.find((cookie) => cookie.startsWith('signed_in=1'));
      expect(hint).toBeDefined();
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(cookies.find((cookie) => cookie.startsWith('sid='))).toMatch(/HttpOnly/i);

      const logout = await post(t.app, '/api/logout', {}, { cookie: sessionCookie(signIn) });
      expect(String(logout.headers['set-cookie'])).toMatch(/signed_in=;/);

      // A hint left behind by a session that ended elsewhere is cleared by the next session check.
      const stale = await get(t.app, '/api/session', { cookie: 'signed_in=1' });
      expect(String(stale.headers['set-cookie'])).toMatch(/signed_in=;/);
      expect((await get(t.app, '/api/session')).headers['set-cookie']).toBeUndefined();
    });

    it('ends the session of an account that is disabled meanwhile', async () => {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      expect((await get(t.app, '/api/user', { cookie })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/user/:id', () => {
    it('updates profile fields, rebuilds the combined addresses and ignores e-mail, role and status', async () => {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${user.id}`,
        headers: { origin: t.env.APP_ORIGIN, cookie },
        payload: {
          firstName: 'Augusta',
          phone: '555-0199',
          shippingAddressLine1: '9 Quay St',
          shippingCity: 'Bath',
          shippingState: 'ME',
          shippingZip: '04530',
          billingAddressLine1: 'PO Box 5',
          billingCity: 'Bath',
          billingState: 'ME',
          billingZip: '04531',
          email: 'hijack@example.com',
          role: 'admin',
          status: 'approved',
          username: 'root',
          passwordHash: 'x',
        },
      });
      expect(response.statusCode).toBe(200);
      const body = currentUserSchema.parse(response.json());
      expect(body).toMatchObject({
        firstName: 'Augusta',
        lastName: 'Buyer',
        phone: '555-0199',
        shippingAddress: '9 Quay St, Bath, ME 04530',
        billingAddress: 'PO Box 5, Bath, ME 04531',
        email: user.email,
        role: 'customer',
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        email: user.email,
        username: user.email,
        role: 'customer',
        passwordHash: null,
      });
    });

    it("answers another user's id like an unknown id and changes nothing", async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      const patch = (id: number) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/user/${id}`,
          headers: { origin: t.env.APP_ORIGIN, cookie },
          payload: { firstName: 'Mallory' },
        });
      const foreign = await patch(other.id);
      const unknown = await patch(999_999);
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect({ ...foreign.json(), requestId: null }).toEqual({ ...unknown.json(), requestId: null });
      const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
      expect(row?.firstName).toBe('Ada');
    });

    it('needs a session', async () => {
      const user = await createUser(t.db);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${user.id}`,
        headers: { origin: t.env.APP_ORIGIN },
        payload: { firstName: 'X' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  it('never stores a raw token or session secret', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const secret = cookie.slice('sid='.length);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(secret)]);
    const dump = await sqlRows(t.db, sql`select token from magic_link_tokens`);
    expect(JSON.stringify(dump)).not.toContain(secret);
  });
});
