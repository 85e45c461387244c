import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE, ROLE_NOT_IN_LIST_MESSAGE } from '../../../shared/company-roles';
import {
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  invitationInfoResponseSchema,
  signedInAsSomeoneElseMessage,
  teamResponseSchema,
} from '../../../shared/schemas/team';
import { companyInvitations, users } from '../../db/schema';
import { send } from '../admin-users/admin-test-support';
import { SESSION_CACHE_TTL_MS } from '../sessions/session-cache';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createCustomer, createUser, uniqueEmail } from '../../test/factories/users';
import { mailsTo, tokenFromLink } from '../../test/outbox';
import { get, post, sessionCookie } from '../../test/requests';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  alreadyInTeamMessage,
  alreadyInvitedMessage,
  NOT_IN_A_COMPANY_MESSAGE,
  OWNERS_ONLY_TEAM_MESSAGE,
} from './team-messages';

/**
 * The Team page and invitations (docs/companies.md#invitations): an owner invites by e-mail, the invited
 * person accepts by the e-mailed link and is signed in as a member with that role; owners change roles and
 * remove people; the company always keeps an owner; everything acts on the person's own company only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const team = async (cookie: string) => {
  const response = await get(t.app, '/api/company/team', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return teamResponseSchema.parse(response.json());
};
const invite = (cookie: string, email: string, role = 'buyer') =>
  send(t.app, 'POST', '/api/company/invitations', cookie, { email, role });
const invitationLink = async (email: string) =>
  tokenFromLink((await mailsTo(t.db, email)).at(-1)?.text ?? '', '/invitation');
const info = (token: string, cookie?: string) => post(t.app, '/api/invitations/info', { token }, { cookie });
const accept = (token: string, cookie?: string) =>
  post(t.app, '/api/invitations/accept', { token, firstName: 'Ivy', lastName: 'Invited' }, { cookie });

/** An owner of a fresh company, signed in. */
async function signedInOwner(name = 'Team Shop') {
  const owner = await createCustomer(t.db, { business: { name } });
  return { owner, cookie: await signIn(t.app, t.db, owner.email) };
}

describe('inviting and accepting', () => {
  it('e-mails a link whose page spends nothing; Accept makes an approved member with the role and signs them in', async () => {
    const { owner, cookie } = await signedInOwner('Juniper Goods');
    const email = uniqueEmail('buyer');
    const invited = await invite(cookie, `  ${email.toUpperCase()} `);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'buyer', invitedBy: 'Ada Buyer', expired: false });

    const [mail] = await mailsTo(t.db, email);
    expect(mail?.subject).toBe('Dew Mist Wholesale: Join Juniper Goods on our wholesale portal');
    expect(mail?.text).toContain('as Buyer');
    const token = await invitationLink(email);
    // Only the hash is stored.
    const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.email, email));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    for (let i = 0; i < 2; i++) {
      const described = await info(token);
      expect(described.statusCode, described.body).toBe(200);
      expect(invitationInfoResponseSchema.parse(described.json())).toEqual({
        state: 'open',
        companyName: 'Juniper Goods',
        email,
        role: 'buyer',
        invitedBy: 'Ada Buyer',
        signedInAs: null,
      });
    }
    expect((await team(cookie)).invitations.map((i) => i.email)).toEqual([email]);

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({
      email,
      firstName: 'Ivy',
      lastName: 'Invited',
      businessName: 'Juniper Goods',
      company: { id: owner.companyId, name: 'Juniper Goods', role: 'buyer' },
    });
    const buyerCookie = sessionCookie(accepted);
    expect(buyerCookie).toBeDefined();
    const me = await get(t.app, '/api/user', { cookie: buyerCookie });
    expect(me.json()).toMatchObject({ email, company: { role: 'buyer' } });
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    expect(person).toMatchObject({ status: 'approved', role: 'customer', companyId: owner.companyId });

    const after = await team(cookie);
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.email, m.role, m.isYou])).toEqual([
      [owner.email, 'owner', true],
      [email, 'buyer', false],
    ]);

    // Used twice: a clear answer, nothing changes.
    expect((await info(token)).json()).toMatchObject({ state: 'accepted' });
    const again = await accept(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(INVITATION_ACCEPTED_MESSAGE);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses an unknown link, an expired one, a revoked one and one opened by someone signed in', async () => {
    const { cookie } = await signedInOwner();
    const unknown = await info('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(INVITATION_INVALID_MESSAGE);

    const expiring = uniqueEmail('expiring');
    expect((await invite(cookie, expiring)).statusCode).toBe(201);
    const expiredToken = await invitationLink(expiring);
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyInvitations.email, expiring));
    expect((await info(expiredToken)).json()).toMatchObject({ state: 'expired' });
    const lateAccept = await accept(expiredToken);
    expect([lateAccept.statusCode, lateAccept.json().message]).toEqual([410, INVITATION_EXPIRED_MESSAGE]);

    const revoking = uniqueEmail('revoked');
    const created = await invite(cookie, revoking, 'viewer');
    const revokedToken = await invitationLink(revoking);
    const revoked = await send(t.app, 'DELETE', `/api/company/invitations/${created.json().id}`, cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await info(revokedToken)).json()).toMatchObject({ state: 'revoked' });
    const acceptRevoked = await accept(revokedToken);
    expect([acceptRevoked.statusCode, acceptRevoked.json().message]).toEqual([
      410,
      INVITATION_REVOKED_MESSAGE,
    ]);

    const other = uniqueEmail('other');
    await invite(cookie, other);
    const otherToken = await invitationLink(other);
    const someoneElse = await createUser(t.db);
    const elseCookie = await signIn(t.app, t.db, someoneElse.email);
    expect((await info(otherToken, elseCookie)).json()).toMatchObject({ signedInAs: someoneElse.email });
    const wrongPerson = await accept(otherToken, elseCookie);
    expect(wrongPerson.statusCode).toBe(409);
    expect(wrongPerson.json().message).toBe(signedInAsSomeoneElseMessage(someoneElse.email, other));
    // Still open for the person it was for.
    expect((await accept(otherToken)).statusCode).toBe(200);

    for (const email of [expiring, revoking]) {
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('resending makes a new link and the one before stops working; an expired invitation is made anew', async () => {
    const { cookie } = await signedInOwner();
    const email = uniqueEmail('resend');
    const { id } = (await invite(cookie, email)).json();
    const first = await invitationLink(email);
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyInvitations.id, id));
    expect((await team(cookie)).invitations[0]).toMatchObject({ id, expired: true });
    const resent = await send(t.app, 'POST', `/api/company/invitations/${id}/resend`, cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationLink(email);
    expect(second).not.toBe(first);
    expect((await info(first)).statusCode).toBe(400);
    expect((await team(cookie)).invitations[0]).toMatchObject({ id, expired: false });
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('gives an address that has an account, is in the team or is invited a clear answer and sends nothing', async () => {
    const { owner, cookie } = await signedInOwner();
    const member = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const stranger = await createUser(t.db);
    const inTeam = await invite(cookie, member.email);
    expect([inTeam.statusCode, inTeam.json().message]).toEqual([409, alreadyInTeamMessage(member.email)]);
    const elsewhere = await invite(cookie, stranger.email);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toContain(`${stranger.email} already has an account with us`);

    const email = uniqueEmail('twice');
    expect((await invite(cookie, email)).statusCode).toBe(201);
    const twice = await invite(cookie, email, 'viewer');
    expect([twice.statusCode, twice.json().message]).toEqual([409, alreadyInvitedMessage(email)]);
    expect(await mailsTo(t.db, email)).toHaveLength(1);
    expect(await mailsTo(t.db, stranger.email)).toEqual([]);
  });

  it('refuses bad input with a message', async () => {
    const { cookie } = await signedInOwner();
    const badRole = await invite(cookie, uniqueEmail('role'), 'manager');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain(ROLE_NOT_IN_LIST_MESSAGE);
    const badEmail = await invite(cookie, 'not-an-address');
    expect(badEmail.statusCode).toBe(400);
    const email = uniqueEmail('noname');
    await invite(cookie, email);
    const token = await invitationLink(email);
    const noName = await post(t.app, '/api/invitations/accept', { token, firstName: ' ', lastName: 'X' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('First name is required');
    // Nothing was spent.
    expect((await info(token)).json()).toMatchObject({ state: 'open' });
  });

  it('limits invitations per company per hour', async () => {
    const limited = await createTestApp();
    try {
      const owner = await createCustomer(limited.db);
      const cookie = await signIn(limited.app, limited.db, owner.email);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const response = await send(limited.app, 'POST', '/api/company/invitations', cookie, {
          email: uniqueEmail(`limit${i}`),
          role: 'viewer',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().message).toMatch(/^Your company has sent 20 invitations in the last hour/);
        }
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.at(-1)).toBe(429);
      // Another company is not held back.
      const other = await createCustomer(limited.db);
      const otherCookie = await signIn(limited.app, limited.db, other.email);
      const fresh = await send(limited.app, 'POST', '/api/company/invitations', otherCookie, {
        email: uniqueEmail('free'),
        role: 'viewer',
      });
      expect(fresh.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('roles and removal', () => {
  it('lets only an owner manage the team; buyers and viewers see who is in it', async () => {
    const { owner, cookie } = await signedInOwner();
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    await invite(cookie, uniqueEmail('pending'));
    for (const person of [buyer, viewer]) {
      const personCookie = await signIn(t.app, t.db, person.email);
      const seen = await team(personCookie);
      expect(seen).toMatchObject({ mayManage: false, invitations: [] });
      expect(seen.members).toHaveLength(3);
      const attempts = [
        await invite(personCookie, uniqueEmail('nope')),
        await send(t.app, 'PATCH', `/api/company/members/${owner.id}`, personCookie, { role: 'viewer' }),
        await send(t.app, 'DELETE', `/api/company/members/${owner.id}`, personCookie),
      ];
      for (const attempt of attempts) {
        expect(attempt.statusCode).toBe(403);
        expect(attempt.json().message).toBe(OWNERS_ONLY_TEAM_MESSAGE);
      }
    }
    const admin = await signInAdmin(t.app);
    const staff = await get(t.app, '/api/company/team', { cookie: admin });
    expect([staff.statusCode, staff.json().message]).toEqual([403, NOT_IN_A_COMPANY_MESSAGE]);
    expect((await get(t.app, '/api/company/team')).statusCode).toBe(401);
  });

  it('changes roles, keeps the last owner, and takes effect on the next request', async () => {
    const { owner, cookie } = await signedInOwner();
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const buyerCookie = await signIn(t.app, t.db, buyer.email);
    const lastOwner = await send(t.app, 'PATCH', `/api/company/members/${owner.id}`, cookie, {
      role: 'buyer',
    });
    expect([lastOwner.statusCode, lastOwner.json().message]).toEqual([409, LAST_OWNER_MESSAGE]);
    const badRole = await send(t.app, 'PATCH', `/api/company/members/${buyer.id}`, cookie, { role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain(ROLE_NOT_IN_LIST_MESSAGE);

    const promoted = await send(t.app, 'PATCH', `/api/company/members/${buyer.id}`, cookie, {
      role: 'owner',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // Every instance hears of it through the database's notification (on PostgreSQL a moment later).
    await expect
      .poll(async () => (await get(t.app, '/api/user', { cookie: buyerCookie })).json().company.role, {
        timeout: SESSION_CACHE_TTL_MS / 5,
        interval: 20,
      })
      .toBe('owner');
    // Now the first owner may step down, and from then on manages nothing.
    expect(
      (await send(t.app, 'PATCH', `/api/company/members/${owner.id}`, cookie, { role: 'viewer' })).statusCode,
    ).toBe(200);
    expect((await invite(cookie, uniqueEmail('late'))).statusCode).toBe(403);
  });

  it('of two owners demoting each other at once, one wins and the company keeps an owner', async () => {
    const { owner, cookie } = await signedInOwner();
    const second = await createUser(t.db, { company: { id: owner.companyId!, role: 'owner' } });
    const secondCookie = await signIn(t.app, t.db, second.email);
    const results = await Promise.all([
      send(t.app, 'PATCH', `/api/company/members/${second.id}`, cookie, { role: 'buyer' }),
      send(t.app, 'PATCH', `/api/company/members/${owner.id}`, secondCookie, { role: 'buyer' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const owners = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where company_id = ${owner.companyId} and company_role = 'owner'`,
    );
    expect(owners[0]?.n).toBe(1);
  });

  it('removing a person ends their sessions at once and keeps their orders with the company', async () => {
    const { owner, cookie } = await signedInOwner();
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    expect((await get(t.app, '/api/user', { cookie: viewerCookie })).statusCode).toBe(200);
    const removed = await send(t.app, 'DELETE', `/api/company/members/${viewer.id}`, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: viewerCookie })).statusCode).toBe(401);
    expect((await team(cookie)).members.map((m) => m.email)).toEqual([owner.email]);
    const [row] = await t.db.select().from(users).where(eq(users.id, viewer.id));
    expect(row?.status).toBe('disabled');
    // A removed person cannot be signed in by a link either.
    const mailsBefore = (await mailsTo(t.db, viewer.email)).length;
    expect((await post(t.app, '/api/request-magic-link', { email: viewer.email })).statusCode).toBe(200);
    expect(await mailsTo(t.db, viewer.email)).toHaveLength(mailsBefore);

    const self = await send(t.app, 'DELETE', `/api/company/members/${owner.id}`, cookie);
    expect([self.statusCode, self.json().message]).toEqual([409, LAST_OWNER_MESSAGE]);
  });

  it('withdraws the open invitations of an owner who is removed or no longer an owner', async () => {
    const { owner, cookie } = await signedInOwner();
    const second = await createUser(t.db, { company: { id: owner.companyId!, role: 'owner' } });
    const secondCookie = await signIn(t.app, t.db, second.email);
    const third = await createUser(t.db, { company: { id: owner.companyId!, role: 'owner' } });
    const thirdCookie = await signIn(t.app, t.db, third.email);
    const bySecond = uniqueEmail('by-second');
    const byThird = uniqueEmail('by-third');
    const byOwner = uniqueEmail('by-owner');
    await invite(secondCookie, bySecond, 'owner');
    await invite(thirdCookie, byThird, 'owner');
    await invite(cookie, byOwner);
    const links = { second: await invitationLink(bySecond), third: await invitationLink(byThird) };

    expect((await send(t.app, 'DELETE', `/api/company/members/${second.id}`, cookie)).statusCode).toBe(200);
    expect(
      (await send(t.app, 'PATCH', `/api/company/members/${third.id}`, cookie, { role: 'viewer' })).statusCode,
    ).toBe(200);
    expect((await info(links.second)).json()).toMatchObject({ state: 'revoked' });
    expect((await info(links.third)).json()).toMatchObject({ state: 'revoked' });
    expect((await team(cookie)).invitations.map((i) => i.email)).toEqual([byOwner]);
  });

  it("never reaches another company's people or invitations", async () => {
    const a = await signedInOwner('Company A');
    const b = await signedInOwner('Company B');
    const bBuyer = await createUser(t.db, { company: { id: b.owner.companyId!, role: 'buyer' } });
    const bInvitation = (await invite(b.cookie, uniqueEmail('b-invite'))).json();
    const attempts = [
      await send(t.app, 'PATCH', `/api/company/members/${bBuyer.id}`, a.cookie, { role: 'viewer' }),
      await send(t.app, 'DELETE', `/api/company/members/${bBuyer.id}`, a.cookie),
      await send(t.app, 'DELETE', `/api/company/invitations/${bInvitation.id}`, a.cookie),
      await send(t.app, 'POST', `/api/company/invitations/${bInvitation.id}/resend`, a.cookie),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    const bTeam = await team(b.cookie);
    expect(bTeam.members.find((m) => m.id === bBuyer.id)?.role).toBe('buyer');
    expect(bTeam.invitations.map((i) => i.id)).toEqual([bInvitation.id]);
    expect((await team(a.cookie)).members.map((m) => m.email)).toEqual([a.owner.email]);
  });
});
