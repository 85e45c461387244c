import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID } from '../../../shared/limits';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { currentUserSchema } from '../../../shared/schemas/current-user';
import {
  acceptInvitationRequestSchema,
  invitationInfoResponseSchema,
  invitationSchema,
  inviteRequestSchema,
  memberRoleRequestSchema,
  teamResponseSchema,
} from '../../../shared/schemas/team';
import { tokenRequestSchema } from '../../../shared/schemas/auth';
import { requireUser, type Sessions } from '../../plugins/session';
import { ROUTE_RATE_LIMITS } from '../../security/rate-limits';
import { toCurrentUser } from '../accounts';
import type { TeamService } from './team.service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/**
 * The Team page under My Account and the invitation link's page (docs/companies.md#invitations). Every
 * /api/company route acts on the signed-in person's own company only; the service checks the role.
 */
export const teamRoutes =
  (team: TeamService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/company/team', { schema: { response: { 200: teamResponseSchema } } }, (request) =>
      team.team(requireUser(request)),
    );

    app.post(
      '/api/company/invitations',
      { schema: { body: inviteRequestSchema, response: { 201: invitationSchema } } },
      async (request, reply) => {
        reply.status(201);
        return team.invite(requireUser(request), request.body);
      },
    );

    app.post(
      '/api/company/invitations/:id/resend',
      { schema: { params: idParams, response: { 200: messageResponseSchema } } },
      async (request) => {
        await team.resend(requireUser(request), request.params.id);
        return { message: 'Invitation sent again' };
      },
    );

    app.delete(
      '/api/company/invitations/:id',
      { schema: { params: idParams, response: { 200: messageResponseSchema } } },
      async (request) => {
        await team.revoke(requireUser(request), request.params.id);
        return { message: 'Invitation withdrawn' };
      },
    );

    app.patch(
      '/api/company/members/:id',
      {
        schema: { params: idParams, body: memberRoleRequestSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await team.changeRole(requireUser(request), request.params.id, request.body.role);
        sessions.otherUserChanged(request.params.id);
        return { message: 'Role changed' };
      },
    );

    app.delete(
      '/api/company/members/:id',
      { schema: { params: idParams, response: { 200: messageResponseSchema } } },
      async (request) => {
        await team.remove(requireUser(request), request.params.id);
        sessions.otherUserChanged(request.params.id);
        sessions.userChanged(request);
        return { message: 'Removed from the team' };
      },
    );

    // The link's page asks this before anyone presses Accept: it spends nothing (docs/security.md#link-tokens).
    app.post(
      '/api/invitations/info',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.invitation },
        schema: { body: tokenRequestSchema, response: { 200: invitationInfoResponseSchema } },
      },
      (request) => team.describe(request.body.token, request.user ?? null),
    );

    app.post(
      '/api/invitations/accept',
      {
        config: { rateLimit: ROUTE_RATE_LIMITS.invitation },
        schema: {
          body: acceptInvitationRequestSchema,
          response: { 200: z.object({ user: currentUserSchema }) },
        },
      },
      async (request, reply) => {
        const user = await team.accept(request.body, request.user ?? null);
        await sessions.signIn(request, reply, user);
        return { user: toCurrentUser(user) };
      },
    );
  };
