import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { handlerTable } from '../../../jobs/job-definition';
import { emailJobs, SEND_EMAIL_JOB } from '../../../mail/email.jobs';
import type { MailMessage } from '../../../mail/mailer';
import { signIn } from '../../../test/factories/sign-in';
import { createCustomer, createUser } from '../../../test/factories/users';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { companyOwnerEmails } from '../../accounts';

/**
 * E-mails about an order go to the person who placed it and to the company's owners
 * (docs/companies.md#order-e-mails): the job carries the company, and the owners are read when it is sent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sends the queued confirmation of `orderId` through the real e-mail job, and what the mail server got. */
async function sendConfirmation(orderId: number): Promise<MailMessage> {
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, SEND_EMAIL_JOB), eq(jobs.dedupeKey, `order-submitted:${orderId}`)));
  if (!job) throw new Error(`no confirmation queued for order ${orderId}`);
  const sent: MailMessage[] = [];
  const mailer = {
    kind: 'console' as const,
    send: (message: MailMessage) => {
      sent.push(message);
      return Promise.resolve({ messageId: null });
    },
    close: () => undefined,
  };
  const handlers = handlerTable(emailJobs(mailer, (companyId) => companyOwnerEmails(t.db, companyId)));
  await handlers[SEND_EMAIL_JOB]?.(job.payload, job);
  return sent[0]!;
}

async function placeOrder(email: string) {
  const cookie = await signIn(t.app, t.db, email);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'Ada Buyer', customerEmail: email, businessName: 'Mist Shop' },
      orderItems: [{ productId: 1, quantity: 12 }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ orderId: number }>().orderId;
}

describe('order e-mails of a company', () => {
  it("go to the placer, with the company's owners who may sign in as copies, never twice to one address", async () => {
    const owner = await createCustomer(t.db);
    const coOwner = await createUser(t.db, { company: { id: owner.companyId!, role: 'owner' } });
    await createUser(t.db, { company: { id: owner.companyId!, role: 'owner' }, status: 'disabled' });
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });

    const buyers = await sendConfirmation(await placeOrder(buyer.email));
    expect(buyers.to).toBe(buyer.email);
    expect(buyers.cc).toEqual([owner.email, coOwner.email]);
    expect(buyers.cc).not.toContain(viewer.email);

    const owners = await sendConfirmation(await placeOrder(owner.email));
    expect(owners.to).toBe(owner.email);
    expect(owners.cc).toEqual([coOwner.email]);
  });

  it('reach an owner added after the order was placed, and nobody else for a company of one', async () => {
    const solo = await createCustomer(t.db);
    const orderId = await placeOrder(solo.email);
    const alone = await sendConfirmation(orderId);
    expect(alone).toMatchObject({ to: solo.email });
    expect(alone.cc).toBeUndefined();

    const late = await createUser(t.db, { company: { id: solo.companyId!, role: 'owner' } });
    expect((await sendConfirmation(orderId)).cc).toEqual([late.email]);
  });
});
