import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID } from '../../../shared/limits';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import {
  locationRequestSchema,
  locationSchema,
  locationsResponseSchema,
  memberLocationsRequestSchema,
} from '../../../shared/schemas/locations';
import { requireUser, type Sessions } from '../../plugins/session';
import type { LocationsService } from './locations.service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/**
 * The company's locations and a buyer's share of them (docs/companies.md#locations): every route acts on
 * the signed-in person's own company; the service checks the role. A change forgets, on this instance, the
 * remembered sessions it touches (the other instances hear the database's notification, migration 0019).
 */
export const locationsRoutes =
  (locations: LocationsService, sessions: Sessions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/company/locations', { schema: { response: { 200: locationsResponseSchema } } }, (request) =>
      locations.list(requireUser(request)),
    );

    app.post(
      '/api/company/locations',
      { schema: { body: locationRequestSchema, response: { 201: locationSchema } } },
      async (request, reply) => {
        reply.status(201);
        const added = await locations.add(requireUser(request), request.body);
        sessions.userChanged(request);
        return added;
      },
    );

    app.put(
      '/api/company/locations/:id',
      { schema: { params: idParams, body: locationRequestSchema, response: { 200: locationSchema } } },
      async (request) => {
        const updated = await locations.update(requireUser(request), request.params.id, request.body);
        sessions.userChanged(request);
        return updated;
      },
    );

    app.delete(
      '/api/company/locations/:id',
      { schema: { params: idParams, response: { 200: messageResponseSchema } } },
      async (request) => {
        await locations.remove(requireUser(request), request.params.id);
        sessions.userChanged(request);
        return { message: 'Location removed' };
      },
    );

    app.post(
      '/api/company/locations/:id/default',
      { schema: { params: idParams, response: { 200: messageResponseSchema } } },
      async (request) => {
        await locations.makeDefault(requireUser(request), request.params.id);
        sessions.userChanged(request);
        return { message: 'Default location changed' };
      },
    );

    app.put(
      '/api/company/members/:id/locations',
      {
        schema: {
          params: idParams,
          body: memberLocationsRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await locations.setMemberLocations(requireUser(request), request.params.id, request.body.locationIds);
        sessions.otherUserChanged(request.params.id);
        return { message: 'Locations saved' };
      },
    );
  };
