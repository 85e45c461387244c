import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema,
  totpCodeRequestSchema,
  totpSetupRequestSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../../../shared/schemas/admin-session';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/admin-guard';
import type { AdminTotpService } from './admin-totp.service';
import type { AttemptSource } from './sign-in-throttles';

export const TOTP_DISABLED_MESSAGE = 'Two-factor authentication is off.';

/**
 * The signed-in administrator's own second factor (docs/admin.md#security): status, set-up and its
 * confirmation, turning it off and new recovery codes. The administrator check comes from
 * plugins/admin-guard.ts; changes are audited by the service. Wrong codes and passwords are counted on the
 * signed-in session (docs/security.md#the-second-factor), not on the IP or the account: the account's block,
 * which anyone can cause, does not reach an administrator already signed in.
 */
export const adminTotpRoutes =
  (totp: AdminTotpService): FastifyPluginAsyncZod =>
  async (app) => {
    /** The signed-in administrator and the session their attempts are counted on. */
    function actorOf(request: FastifyRequest): { user: UserRow; source: AttemptSource } {
      const user = requireAdmin(request);
      const sessionTokenHash = request.sessionTokenHash;
      if (!sessionTokenHash) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      return { user, source: { kind: 'session', sessionTokenHash } };
    }

    app.get(
      '/api/admin/security/totp',
      { schema: { response: { 200: totpStatusSchema } } },
      async (request) => totp.status(requireAdmin(request)),
    );

    app.post(
      '/api/admin/security/totp/setup',
      { schema: { body: totpSetupRequestSchema, response: { 200: totpSetupSchema } } },
      async (request) => {
        const { user, source } = actorOf(request);
        return totp.beginSetupWithPassword(user, request.body.currentPassword, source);
      },
    );

    app.post(
      '/api/admin/security/totp/confirm',
      { schema: { body: totpCodeRequestSchema, response: { 200: recoveryCodesSchema } } },
      async (request) => {
        const { user, source } = actorOf(request);
        const recoveryCodes = await totp.confirmSetupOrRefuse(
          { user, ip: request.ip },
          request.body.code,
          source,
        );
        request.log.info({ adminId: user.id }, 'administrator turned two-factor authentication on');
        return { recoveryCodes };
      },
    );

    app.post(
      '/api/admin/security/totp/disable',
      { schema: { body: totpCodeRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const { user, source } = actorOf(request);
        await totp.disable({ user, ip: request.ip }, request.body.code, source);
        request.log.info({ adminId: user.id }, 'administrator turned two-factor authentication off');
        return { message: TOTP_DISABLED_MESSAGE };
      },
    );

    app.post(
      '/api/admin/security/totp/recovery-codes',
      { schema: { body: totpCodeRequestSchema, response: { 200: recoveryCodesSchema } } },
      async (request) => {
        const { user, source } = actorOf(request);
        return {
          recoveryCodes: await totp.regenerateRecoveryCodes(
            { user, ip: request.ip },
            request.body.code,
            source,
          ),
        };
      },
    );
  };
