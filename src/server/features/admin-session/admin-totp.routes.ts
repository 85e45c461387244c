import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema,
  totpCodeRequestSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../../../shared/schemas/admin-session';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { requireAdmin } from '../../plugins/admin-guard';
import type { AdminTotpService } from './admin-totp.service';
import { accountKeyOf, type AttemptSource } from './sign-in-throttles';

export const TOTP_DISABLED_MESSAGE = 'Two-factor authentication is off.';

/**
 * The signed-in administrator's own second factor (docs/admin.md#security): status, set-up and its
 * confirmation, turning it off and new recovery codes. The administrator check comes from
 * plugins/admin-guard.ts; changes are audited by the service. Wrong codes count like wrong passwords on the
 * IP and the account (these requests carry no device cookie: it is sent to the sign-in routes only).
 */
export const adminTotpRoutes =
  (totp: AdminTotpService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/security/totp',
      { schema: { response: { 200: totpStatusSchema } } },
      async (request) => totp.status(requireAdmin(request)),
    );

    app.post(
      '/api/admin/security/totp/setup',
      { schema: { response: { 200: totpSetupSchema } } },
      async (request) => totp.beginSetup(requireAdmin(request)),
    );

    app.post(
      '/api/admin/security/totp/confirm',
      { schema: { body: totpCodeRequestSchema, response: { 200: recoveryCodesSchema } } },
      async (request) => {
        const user = requireAdmin(request);
        const source: AttemptSource = { kind: 'untrusted', ip: request.ip, account: accountKeyOf(user.id) };
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
        const user = requireAdmin(request);
        const source: AttemptSource = { kind: 'untrusted', ip: request.ip, account: accountKeyOf(user.id) };
        await totp.disable({ user, ip: request.ip }, request.body.code, source);
        request.log.info({ adminId: user.id }, 'administrator turned two-factor authentication off');
        return { message: TOTP_DISABLED_MESSAGE };
      },
    );

    app.post(
      '/api/admin/security/totp/recovery-codes',
      { schema: { body: totpCodeRequestSchema, response: { 200: recoveryCodesSchema } } },
      async (request) => {
        const user = requireAdmin(request);
        const source: AttemptSource = { kind: 'untrusted', ip: request.ip, account: accountKeyOf(user.id) };
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
