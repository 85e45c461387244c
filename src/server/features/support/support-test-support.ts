import type { App } from '../../app';
import type { Database } from '../../db/client';
import { supportMessages } from '../../db/schema';
import { sameOrigin } from '../../test/test-app';
import { freshIp } from '../../test/requests';
import type { NewSupportMessage } from './support.repository';

/** Test helpers for the support contact form and the staff inbox (integration and Playwright set-up). */

/** A valid contact form: a listed subject, a priority and a message long enough. */
export const validSupportMessage = {
  subject: 'damaged-items',
  priority: 'medium',
  message: 'Two bottles arrived cracked in the last shipment.',
} as const;

/** POST /api/support/contact as a same-origin browser request with the session cookie (if any). */
export function sendSupportMessage(
  app: App,
  cookie: string | undefined,
  body: unknown = validSupportMessage,
) {
  return app.inject({
    method: 'POST',
    url: '/api/support/contact',
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: body as Record<string, unknown>,
    remoteAddress: freshIp(),
  });
}

/**
 * Stores a support message straight in the database (as sent at `createdAt`), bypassing the form and its
 * hourly limit; jsonb fields may hold anything, to test how odd rows are read.
 */
export async function storeSupportMessage(db: Database, values: Partial<NewSupportMessage> = {}) {
  const [row] = await db
    .insert(supportMessages)
    .values({
      subject: 'other',
      priority: 'low',
      message: 'A stored support message.',
      userInfo: {
        id: values.userId ?? 0,
        name: 'Ada Buyer',
        email: 'ada@example.com',
        phone: 'Not provided',
        businessName: 'Mist Shop',
        accountCreated: '2030-01-01T00:00:00.000Z',
      },
      ...values,
    })
    .returning();
  if (!row) throw new Error('support message not stored');
  return row;
}
