import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_MESSAGES,
  supportContactRequestSchema,
  supportContactResponseSchema,
} from '../../../shared/schemas/support';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/session';

import type { SupportService } from './support.service';
import type { AccountRow } from '../../db/schema';

/**
 * The signed-in customer, or 401 / 403. An administrator is not a customer: the support inbox is theirs,
 * and a message from them would carry no customer or orders to help with.
 */
export function requireCustomer(request: FastifyRequest): AccountRow {
  const user = requireUser(request);
  if (user.role !== 'customer') {
    throw new AppError('FORBIDDEN', 'Support messages are sent from a customer account.');
  }
  return user;
}

async function customerOnly(request: FastifyRequest): Promise<void> {
  requireCustomer(request);
}

/** The contact form of the support page (docs/support-and-faq.md#sending). */
export const supportRoutes =
  (support: SupportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/support/contact',
      {
        // Before the body is judged, so a visitor is told to sign in rather than how to fill in the form.
        preValidation: customerOnly,
        schema: { body: supportContactRequestSchema, response: { 201: supportContactResponseSchema } },
      },
      async (request, reply) => {
        const { subject, priority, message, specificOrderId } = request.body;
        const result = await support.sendMessage(requireCustomer(request), {
          subject,
          priority,
          message,
          specificOrderId,
        });
        if (!result.sent) {
          reply.header('retry-after', String(result.retryAfterSeconds));
          throw new AppError('RATE_LIMITED', SUPPORT_MESSAGES.rateLimited);
        }
        return reply.code(201).send({ success: true, message: SUPPORT_MESSAGES.sentDescription });
      },
    );
  };
