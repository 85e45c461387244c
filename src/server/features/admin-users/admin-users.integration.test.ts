import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_COMPOSITION,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../../../shared/passwords';
import {
  ADMIN_USERS_CONFLICTS,
  adminUserListSchema,
  pendingUserListSchema,
} from '../../../shared/schemas/admin-users';
import { LINK_INVALID_MESSAGE } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { generateToken, hashToken } from '../../security/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from './admin-test-support';
import {
  ADMIN_TEST_PASSWORD,
  createAdmin,
  createCustomer,
  createUser,
  registrationRequest,
  uniqueEmail,
} from '../../test/factories/users';
import { get, post } from '../../test/requests';
import { adminLogin, insertLinkToken, signIn, signInAdmin } from '../../test/factories/sign-in';
import { mailsTo, tokenFromLink } from '../../test/outbox';
import { auditRowsOf } from '../../test/factories/audit';
import { countSessions } from '../sessions/sessions-test-support';
import { insertSession } from '../sessions/sessions.repository';

let t: TestApp;
let cookie: string;
let seededAdminId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInAdmin(t.app);
  const [seeded] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  seededAdminId = seeded!.id;
});
afterAll(() => t.close());

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** A session row for `userId` without going through a sign-in (pending users cannot sign in). */
async function giveSession(userId: number) {
  await insertSession(t.db, { tokenHash: hashToken(generateToken()), userId });
}

const newUserBody = (overrides: Record<string, unknown> = {}) => {
  const email = uniqueEmail('created');
  return {
    username: `user-${email.split('@')[0]}`,
    password: 'Fresh-Pass-9',
    email,
    firstName: 'Rosa',
    lastName: 'Parks',
    businessName: 'Parks Provisions',
    role: 'customer',
    ...overrides,
  };
};

describe('GET /api/admin/users', () => {
  it('lists every user newest first, with the admin fields and never a password hash', async () => {
    const older = await createUser(t.db, {
      password: 'Some-Pass-1',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createUser(t.db, { status: 'pending' });

    const response = await send(t.app, 'GET', '/api/admin/users', cookie);
    expect(response.statusCode).toBe(200);
    // `hasPassword` says whether there is one; nothing of the hash itself is sent.
    expect(response.body).not.toMatch(/password_?hash|argon2/i);
    const list = adminUserListSchema.parse(response.json());
    const ids = list.map((user) => user.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const createdTimes = list.map((user) => Date.parse(user.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => b - a));
    expect(list.find((user) => user.id === newer.id)).toEqual({
      id: newer.id,
      username: newer.username,
      email: newer.email,
      firstName: 'Ada',
      lastName: 'Buyer',
      businessName: 'Mist Shop',
      phone: null,
      role: 'customer',
      status: 'pending',
      paymentTerms: 'on_approval',
      hasPassword: false,
      createdAt: newer.createdAt.toISOString(),
      approvedAt: null,
      lastLoginAt: null,
      company: { id: newer.companyId, name: 'Mist Shop', role: 'owner' },
    });
    expect(list.find((user) => user.id === older.id)?.hasPassword).toBe(true);
    expect(list.find((user) => user.id === seededAdminId)).toMatchObject({
      role: 'admin',
      status: 'approved',
      hasPassword: true,
      company: null,
    });
    expect(Object.keys(response.json()[0]).sort()).toEqual(
      [
        'id',
        'username',
        'email',
        'firstName',
        'lastName',
        'businessName',
        'phone',
        'role',
        'status',
        'paymentTerms',
        'hasPassword',
        'createdAt',
        'approvedAt',
        'lastLoginAt',
        'company',
      ].sort(),
    );
  });
});

describe('POST /api/admin/users', () => {
  const create = (body: unknown) => send(t.app, 'POST', '/api/admin/users', cookie, body);

  it.each(['username', 'password', 'email', 'firstName', 'lastName', 'businessName'])(
    "answers 'All fields are required' when %s is missing or blank",
    async (field) => {
      const { [field as 'username']: _omitted, ...missing } = newUserBody();
      for (const body of [missing, newUserBody({ [field]: '' }), newUserBody({ [field]: '   ' })]) {
        if (field === 'password' && body.password === '   ') continue; // spaces are a (bad) password
        const response = await create(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'All fields are required',
        });
      }
    },
  );

  it("answers 'All fields are required' before any other rule", async () => {
    const response = await create({ email: 'not-an-email', password: 'short', role: 'boss' });
    expect(response.json()).toMatchObject({ message: 'All fields are required' });
  });

  it.each([undefined, '', 'superuser'])("answers 'Please select a role' for the role %j", async (role) => {
    const response = await create(newUserBody({ role }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please select a role' });
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await create(newUserBody({ email: 'rosa@' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it.each([
    ['Short1A', PASSWORD_TOO_SHORT],
    [`Aa1${'x'.repeat(98)}`, PASSWORD_TOO_LONG],
    ['alllowercase1', PASSWORD_COMPOSITION],
    ['ALLUPPERCASE1', PASSWORD_COMPOSITION],
    ['NoDigitsHere', PASSWORD_COMPOSITION],
  ])('refuses the password %j with the rule it breaks', async (password, message) => {
    const response = await create(newUserBody({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it.each(['Password1', 'pASSWORD1', 'Qwerty123'])(
    'refuses the common or breached password %j and creates nobody',
    async (password) => {
      const body = newUserBody({ password });
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    },
  );

  it('refuses a name with a line break (names go into e-mails)', async () => {
    const response = await create(newUserBody({ firstName: 'Rosa\r\nBcc: x@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Names must be on one line' });
  });

  it('creates an approved user with a hashed password, lower-cased e-mail and audit row', async () => {
    const body = newUserBody({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const response = await create({
      ...body,
      status: 'pending',
      approvedBy: null,
      passwordHash: 'x',
      phone: '555',
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toMatch(/Fresh-Pass-9|argon2|passwordHash/);
    const answer = response.json();
    expect(answer).toMatchObject({
      message: 'User created successfully',
      user: {
        username: body.username,
        email: String(body.email).trim().toLowerCase(),
        firstName: 'Rosa',
        lastName: 'Parks',
        businessName: 'Parks Provisions',
        phone: null,
        role: 'customer',
        status: 'approved',
      },
    });
    const stored = await userRow(answer.user.id);
    expect(stored).toMatchObject({ status: 'approved', approvedBy: seededAdminId, role: 'customer' });
    expect(stored?.approvedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: answer.user.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.create', actorUserId: seededAdminId, before: null });
    expect(JSON.stringify(audit[0]?.after)).not.toMatch(/argon2|Fresh-Pass-9/);
  });

  it('creates an administrator who can sign in to the admin portal with that password', async () => {
    const body = newUserBody({ role: 'admin', password: 'Brand-New-Admin-7' });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { role: 'admin', status: 'approved' } });

    const login = await adminLogin(t.app, String(body.username), 'Brand-New-Admin-7');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'admin', firstName: 'Rosa' });
  });

  it('refuses a username or e-mail that is taken, in any letter case (409)', async () => {
    const first = newUserBody();
    expect((await create(first)).statusCode).toBe(201);

    const sameUsername = await create(newUserBody({ username: String(first.username).toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_USERS_CONFLICTS.usernameTaken,
    });

    const sameEmail = await create(newUserBody({ email: String(first.email).toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.emailTaken });

    // The admin sign-in takes a username or an e-mail, so one may not be the other's.
    const usernameIsAnEmail = await create(newUserBody({ username: first.email }));
    expect(usernameIsAnEmail.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.usernameTaken });
    const seededUsername = await create(newUserBody({ username: 'Admin' }));
    expect(seededUsername.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.usernameTaken });
  });
});

describe('POST /api/admin/users/:userId/reset-password', () => {
  const reset = (userId: number | string, body: unknown, as = cookie) =>
    send(t.app, 'POST', `/api/admin/users/${userId}/reset-password`, as, body);

  it.each([{}, { password: '' }, { password: null }])(
    "answers 'Please enter a new password' for %j",
    async (body) => {
      const user = await createUser(t.db);
      const response = await reset(user.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please enter a new password' });
    },
  );

  it.each([
    ['Short1A', PASSWORD_TOO_SHORT],
    [`Aa1${'x'.repeat(98)}`, PASSWORD_TOO_LONG],
    ['nouppercase1', PASSWORD_COMPOSITION],
  ])('refuses the new password %j with the rule it breaks', async (password, message) => {
    const user = await createUser(t.db);
    const response = await reset(user.id, { password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('refuses a common or breached password and changes nothing: same hash, sessions, mail and audit', async () => {
    const customer = await createUser(t.db, { password: 'Old-Pass-11' });
    const customerCookie = await signIn(t.app, t.db, customer.email);
    const before = (await userRow(customer.id))?.passwordHash;
    const mailsBefore = (await mailsTo(t.db, customer.email)).length;

    for (const password of ['Password1', 'Sunshine1']) {
      const response = await reset(customer.id, { password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON });
    }
    expect((await userRow(customer.id))?.passwordHash).toBe(before);
    expect((await get(t.app, '/api/user', { cookie: customerCookie })).statusCode).toBe(200);
    expect(await mailsTo(t.db, customer.email)).toHaveLength(mailsBefore);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id })).toHaveLength(0);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const unknown = await reset(999_999, { password: 'Valid-Pass-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    expect((await reset('abc', { password: 'Valid-Pass-1' })).statusCode).toBe(400);
  });

  it("sets the password, ends all the user's sessions, e-mails them and writes the audit log", async () => {
    const customer = await createUser(t.db, { password: 'Old-Pass-11' });
    const customerCookie = await signIn(t.app, t.db, customer.email);
    await giveSession(customer.id);
    expect(await countSessions(t.db, customer.id)).toBe(2);
    const before = (await userRow(customer.id))?.passwordHash;

    const response = await reset(customer.id, { password: 'New-Pass-22' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successfully' });

    expect(await countSessions(t.db, customer.id)).toBe(0);
    expect((await get(t.app, '/api/user', { cookie: customerCookie })).statusCode).toBe(401);
    const after = (await userRow(customer.id))?.passwordHash;
    expect(after).toMatch(/^\$argon2id\$/);
    expect(after).not.toBe(before);

    const mails = await mailsTo(t.db, customer.email);
    expect(mails.at(-1)?.subject).toMatch(/Your password was changed/);
    expect(mails.at(-1)?.text).toMatch(/An administrator has set a new password/);
    expect(mails.at(-1)?.text).not.toContain('New-Pass-22');

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id });
    expect(audit.map((row) => row.action)).toEqual(['user.reset-password']);
    expect(JSON.stringify(audit[0])).not.toContain('New-Pass-22');
  });

  it('refuses a customer who signs in by link and has no password (409), and changes nothing', async () => {
    const customer = await createUser(t.db);
    const customerCookie = await signIn(t.app, t.db, customer.email);
    const mailsBefore = (await mailsTo(t.db, customer.email)).length;

    const response = await reset(customer.id, { password: 'New-Pass-22' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.noPasswordToReset });
    expect((await userRow(customer.id))?.passwordHash).toBeNull();
    expect((await get(t.app, '/api/user', { cookie: customerCookie })).statusCode).toBe(200);
    expect(await mailsTo(t.db, customer.email)).toHaveLength(mailsBefore);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id })).toHaveLength(0);
  });

  it("lets an administrator sign in with the password set for them, and signs out the admin's sessions", async () => {
    const other = await createAdmin(t.db);
    const otherCookie = await signInAdmin(t.app, { username: other.username, password: ADMIN_TEST_PASSWORD });

    expect((await reset(other.id, { password: 'Reset-By-Admin-3' })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/user', otherCookie)).statusCode).toBe(401);
    expect((await adminLogin(t.app, other.username, ADMIN_TEST_PASSWORD)).statusCode).toBe(401);
    expect((await adminLogin(t.app, other.username, 'Reset-By-Admin-3')).statusCode).toBe(200);
  });

  it('keeps the session an administrator uses when they reset their own password', async () => {
    const self = await createAdmin(t.db);
    const selfCookie = await signInAdmin(t.app, { username: self.username, password: ADMIN_TEST_PASSWORD });
    const elsewhere = await signInAdmin(t.app, { username: self.username, password: ADMIN_TEST_PASSWORD });

    expect((await reset(self.id, { password: 'My-Own-New-4' }, selfCookie)).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/user', selfCookie)).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/user', elsewhere)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/users/:userId/password-setup-link', () => {
  const sendLink = (userId: number | string) =>
    send(t.app, 'POST', `/api/admin/users/${userId}/password-setup-link`, cookie);

  it('e-mails a link-only customer the password reset link, which sets their first password, and audits it', async () => {
    const customer = await createUser(t.db);
    const response = await sendLink(customer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password setup link sent' });

    const mail = (await mailsTo(t.db, customer.email)).at(-1);
    const token = tokenFromLink(mail?.text ?? '', '/reset-password');
    expect((await post(t.app, '/api/reset-password', { token, password: 'First-Pass-7' })).statusCode).toBe(
      200,
    );
    expect((await userRow(customer.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id });
    expect(audit.map((row) => row.action)).toEqual(['user.password-setup-link']);
  });

  it('refuses an administrator (409) and answers 404 for an unknown user', async () => {
    const other = await createAdmin(t.db);
    const refused = await sendLink(other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.setupLinkForCustomers });
    expect((await sendLink(999_999)).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/users/:userId/role', () => {
  const setRole = (userId: number | string, body: unknown, as = cookie) =>
    send(t.app, 'PATCH', `/api/admin/users/${userId}/role`, as, body);

  it.each([{}, { role: '' }, { role: 'owner' }, { role: null }])(
    "answers 'Please select a role' for %j",
    async (body) => {
      const user = await createUser(t.db);
      const response = await setRole(user.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please select a role' });
    },
  );

  it('answers 404 for an unknown user', async () => {
    const response = await setRole(999_999, { role: 'admin' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'User not found' });
  });

  it("promotes a customer, ends the customer's sessions and writes the audit log", async () => {
    const customer = await createUser(t.db);
    const customerCookie = await signIn(t.app, t.db, customer.email);

    const response = await setRole(customer.id, { role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User role updated successfully',
      user: { id: customer.id, role: 'admin' },
    });
    expect((await userRow(customer.id))?.role).toBe('admin');
    expect(await countSessions(t.db, customer.id)).toBe(0);
    expect((await get(t.app, '/api/user', { cookie: customerCookie })).statusCode).toBe(401);

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.role',
      actorUserId: seededAdminId,
      before: { role: 'customer' },
      after: { role: 'admin' },
    });
  });

  it('demotes another administrator, whose admin session ends at once (docs/security.md#sessions)', async () => {
    const other = await createAdmin(t.db);
    const otherCookie = await signInAdmin(t.app, { username: other.username, password: ADMIN_TEST_PASSWORD });
    expect((await send(t.app, 'GET', '/api/admin/users', otherCookie)).statusCode).toBe(200);

    const response = await setRole(other.id, { role: 'customer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { role: 'customer' } });
    expect((await send(t.app, 'GET', '/api/admin/users', otherCookie)).statusCode).toBe(401);
    expect((await adminLogin(t.app, other.username, ADMIN_TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses an administrator changing their own role (docs/security.md#sessions), and changes nothing', async () => {
    const response = await setRole(seededAdminId, { role: 'customer' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: ADMIN_USERS_CONFLICTS.ownRole });
    expect((await userRow(seededAdminId))?.role).toBe('admin');
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(200);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: seededAdminId })).toEqual([]);
  });

  it('leaves a user whose role is already the one asked for as it is, sessions included', async () => {
    const customer = await createUser(t.db);
    const customerCookie = await signIn(t.app, t.db, customer.email);
    const response = await setRole(customer.id, { role: 'customer' });
    expect(response.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: customerCookie })).statusCode).toBe(200);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: customer.id })).toEqual([]);
  });
});

describe('GET /api/admin/pending-users', () => {
  it('lists only pending registrations, oldest first, with the pending-user fields', async () => {
    const older = await createCustomer(t.db, {
      status: 'pending',
      createdAt: new Date(Date.now() - 3_600_000),
      business: { contact: { phone: '555-0199' } },
    });
    const newer = await createUser(t.db, { status: 'pending' });
    const approved = await createUser(t.db, { status: 'approved' });
    const rejected = await createUser(t.db, { status: 'rejected' });

    const response = await send(t.app, 'GET', '/api/admin/pending-users', cookie);
    expect(response.statusCode).toBe(200);
    const list = pendingUserListSchema.parse(response.json());
    const ids = list.map((user) => user.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(approved.id);
    expect(ids).not.toContain(rejected.id);
    const createdTimes = list.map((user) => Date.parse(user.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => a - b));
    for (const id of ids) expect((await userRow(id))?.status).toBe('pending');

    expect(response.json().find((user: { id: number }) => user.id === newer.id)).toEqual({
      id: newer.id,
      firstName: 'Ada',
      lastName: 'Buyer',
      username: newer.username,
      businessName: 'Mist Shop',
      email: newer.email,
      phone: null,
      createdAt: newer.createdAt.toISOString(),
    });
    expect(list.find((user) => user.id === older.id)?.phone).toBe('555-0199');
  });
});

describe('POST /api/admin/users/:userId/approve', () => {
  const decide = (userId: number | string, body: unknown) =>
    send(t.app, 'POST', `/api/admin/users/${userId}/approve`, cookie, body);

  const register = async () => {
    const email = uniqueEmail('applicant');
    const response = await post(t.app, '/api/register', registrationRequest(email));
    expect(response.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return user!;
  };

  it.each([{}, { decision: '' }, { decision: 'maybe' }])('refuses the decision %j', async (body) => {
    const user = await register();
    const response = await decide(user.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "The decision must be 'approved' or 'rejected'" });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await decide(999_999, { decision: 'approved' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'User not found' });
  });

  it('approves: records who and when, e-mails a sign-in link that works, and audits', async () => {
    const user = await register();
    const response = await decide(user.id, { decision: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User approved successfully' });

    const stored = await userRow(user.id);
    expect(stored).toMatchObject({ status: 'approved', approvedBy: seededAdminId });
    expect(Math.abs(stored!.approvedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const pending = pendingUserListSchema.parse(
      (await send(t.app, 'GET', '/api/admin/pending-users', cookie)).json(),
    );
    expect(pending.map((candidate) => candidate.id)).not.toContain(user.id);

    const mail = (await mailsTo(t.db, user.email)).at(-1);
    expect(mail?.subject).toMatch(/Your wholesale account is approved/);
    expect(mail?.text).toMatch(/^Hello Grace,/);
    expect(mail?.text).toContain('expires in 15 minutes');
    expect(mail?.text).toContain(`request a new sign-in link at ${t.env.APP_ORIGIN}/auth `);
    const token = tokenFromLink(mail?.text ?? '', '/auth/verify');
    const verify = await post(t.app, '/api/auth/verify', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ user: { email: user.email } });

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: user.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.approve',
      actorUserId: seededAdminId,
      before: { status: 'pending' },
      after: { status: 'approved', approvedBy: seededAdminId },
    });
  });

  it('decides a user only once: a second decision answers 409 and sends nothing', async () => {
    const user = await register();
    expect((await decide(user.id, { decision: 'approved' })).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(t.db, user.email)).length;

    for (const decision of ['approved', 'rejected']) {
      const again = await decide(user.id, { decision });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', message: ADMIN_USERS_CONFLICTS.notPending });
    }
    expect((await userRow(user.id))?.status).toBe('approved');
    expect(await mailsTo(t.db, user.email)).toHaveLength(mailsBefore);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: user.id })).toHaveLength(1);
  });

  it('decides a user once even when two administrators decide at the same moment', async () => {
    const user = await register();
    const answers = await Promise.all([
      decide(user.id, { decision: 'approved' }),
      decide(user.id, { decision: 'rejected' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await auditRowsOf(t.db, { entityType: 'user', entityId: user.id })).toHaveLength(1);
  });

  it('rejects: e-mails a polite notice, ends sessions, and the account cannot sign in', async () => {
    const user = await register();
    await giveSession(user.id);
    const mailsBefore = (await mailsTo(t.db, user.email)).length;

    const response = await decide(user.id, { decision: 'rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User rejected' });
    const stored = await userRow(user.id);
    expect(stored).toMatchObject({ status: 'rejected', approvedAt: null, approvedBy: null });
    expect(await countSessions(t.db, user.id)).toBe(0);

    const mails = await mailsTo(t.db, user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toMatch(/Your wholesale account application/);
    expect(mails.at(-1)?.text).toContain('we are unable to approve it at this time');
    expect(mails.at(-1)?.text).not.toContain('/auth/verify');

    // No sign-in link is sent to a rejected account, and a link it still held does not work.
    expect((await post(t.app, '/api/request-magic-link', { email: user.email })).statusCode).toBe(200);
    expect(await mailsTo(t.db, user.email)).toHaveLength(mailsBefore + 1);
    const leftover = await insertLinkToken(t.db, 'magic-link', user.id);
    const verify = await post(t.app, '/api/auth/verify', { token: leftover });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toMatchObject({ message: LINK_INVALID_MESSAGE });

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: user.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.reject', after: { status: 'rejected' } });
  });

  it('a rejected account that still has a session row is treated as signed out', async () => {
    const user = await createUser(t.db, { status: 'pending' });
    expect((await decide(user.id, { decision: 'rejected' })).statusCode).toBe(200);
    // Even if a session row were left behind, the session plugin refuses a non-approved account.
    const token = generateToken();
    await insertSession(t.db, { tokenHash: hashToken(token), userId: user.id });
    expect((await get(t.app, '/api/user', { cookie: `sid=${token}` })).statusCode).toBe(401);
  });
});
