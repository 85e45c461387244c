import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_EXEMPTION_MESSAGES } from '../../../shared/schemas/admin-companies';
import { currentUserSchema } from '../../../shared/schemas/current-user';
import { auditLog, companyLocations } from '../../db/schema';
import { send } from '../admin-users/admin-test-support';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createCustomer, createUser } from '../../test/factories/users';
import { mailsTo } from '../../test/outbox';
import { get } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendTaxExemptionReminders } from './tax-exemptions';

/**
 * Tax exemptions (docs/companies.md#tax-exemption): staff record a reseller's certificate on a location, the
 * company's people see it on /confirm (GET /api/user's locations) while it is valid, staff are reminded once
 * 30 days before it expires, and an expired one no longer applies.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const exemptionUrl = (companyId: number, locationId: number) =>
  `/api/admin/companies/${companyId}/locations/${locationId}/tax-exemption`;

async function locationsOf(email: string) {
  const cookie = await signIn(t.app, t.db, email);
  return currentUserSchema.parse((await get(t.app, '/api/user', { cookie })).json()).locations;
}

describe('tax exemptions', () => {
  it('are set by staff, audited, shown to the company while valid, and removed', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Exempt Co' } });
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const location = owner.location!.id;
    const saved = await send(t.app, 'PUT', exemptionUrl(owner.companyId!, location), admin, {
      certificateNumber: ' RS-123456 ',
      state: 'ca',
      expiresOn: daysFromNow(200),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: TAX_EXEMPTION_MESSAGES.saved });
    const expected = { certificateNumber: 'RS-123456', state: 'CA', expiresOn: daysFromNow(200) };
    expect((await locationsOf(buyer.email))[0]?.taxExemption).toEqual(expected);

    const page = await get(t.app, `/api/admin/companies/${owner.companyId}`, { cookie: admin });
    expect(page.json().locations[0].taxExemption).toEqual({ ...expected, expired: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'location.tax-exemption'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.after).toMatchObject({ locationId: location, certificateNumber: 'RS-123456' });

    const cleared = await send(t.app, 'DELETE', exemptionUrl(owner.companyId!, location), admin);
    expect(cleared.json()).toEqual({ message: TAX_EXEMPTION_MESSAGES.cleared });
    expect((await locationsOf(buyer.email))[0]?.taxExemption).toBeNull();
  });

  it('no longer applies once expired: the company stops seeing it, staff see it marked expired', async () => {
    const owner = await createCustomer(t.db);
    const location = owner.location!.id;
    await send(t.app, 'PUT', exemptionUrl(owner.companyId!, location), admin, {
      certificateNumber: 'RS-1',
      state: 'OR',
      expiresOn: daysFromNow(10),
    });
    await t.db
      .update(companyLocations)
      .set({ taxExemptExpiresOn: daysFromNow(-1) })
      .where(eq(companyLocations.id, location));
    expect((await locationsOf(owner.email))[0]?.taxExemption).toBeNull();
    const page = await get(t.app, `/api/admin/companies/${owner.companyId}`, { cookie: admin });
    expect(page.json().locations[0].taxExemption).toMatchObject({ expired: true });
  });

  it("refuses bad input, a past date, another company's location and anyone but staff", async () => {
    const owner = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const url = exemptionUrl(owner.companyId!, owner.location!.id);
    const cases: Array<[unknown, string]> = [
      [
        { certificateNumber: '', state: 'CA', expiresOn: daysFromNow(5) },
        TAX_EXEMPTION_MESSAGES.certificateRequired,
      ],
      [
        { certificateNumber: 'X', state: 'California', expiresOn: daysFromNow(5) },
        TAX_EXEMPTION_MESSAGES.stateRequired,
      ],
      [
        { certificateNumber: 'X', state: 'CA', expiresOn: '2031-02-30' },
        TAX_EXEMPTION_MESSAGES.expiryInvalid,
      ],
      [
        { certificateNumber: 'X', state: 'CA', expiresOn: daysFromNow(-2) },
        TAX_EXEMPTION_MESSAGES.expiryPassed,
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await send(t.app, 'PUT', url, admin, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    const crossing = await send(t.app, 'PUT', exemptionUrl(owner.companyId!, other.location!.id), admin, {
      certificateNumber: 'X',
      state: 'CA',
      expiresOn: daysFromNow(5),
    });
    expect([crossing.statusCode, crossing.json().message]).toEqual([
      404,
      TAX_EXEMPTION_MESSAGES.locationNotFound,
    ]);
    const customer = await signIn(t.app, t.db, owner.email);
    expect(
      (
        await send(t.app, 'PUT', url, customer, {
          certificateNumber: 'X',
          state: 'CA',
          expiresOn: daysFromNow(5),
        })
      ).statusCode,
    ).toBe(403);
    expect((await locationsOf(owner.email))[0]?.taxExemption).toBeNull();
  });

  it('remind staff once, 30 days before the last day, and again only for a renewed certificate', async () => {
    const soon = await createCustomer(t.db, { business: { name: 'Expiring Soon Co' } });
    const later = await createCustomer(t.db, { business: { name: 'Expiring Later Co' } });
    const set = (companyId: number, locationId: number, days: number) =>
      send(t.app, 'PUT', exemptionUrl(companyId, locationId), admin, {
        certificateNumber: `RS-${days}`,
        state: 'WA',
        expiresOn: daysFromNow(days),
      });
    await set(soon.companyId!, soon.location!.id, 20);
    await set(later.companyId!, later.location!.id, 45);
    const reminders = async () =>
      (await mailsTo(t.db, t.env.STAFF_EMAIL)).filter((mail) =>
        mail.subject.includes('Tax exemption expires'),
      );
    const before = (await reminders()).length;

    expect(await sendTaxExemptionReminders(t.db, t.env)).toBe(1);
    expect(await sendTaxExemptionReminders(t.db, t.env)).toBe(0);
    const sent = (await reminders()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Expiring Soon Co');
    expect(sent[0]?.text).toContain(`expires on ${daysFromNow(20)}`);

    // A renewed certificate that again runs out within 30 days is reminded of again.
    await set(soon.companyId!, soon.location!.id, 25);
    expect(await sendTaxExemptionReminders(t.db, t.env)).toBe(1);
  });
});
