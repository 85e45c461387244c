import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { sendError } from '../../plugins/error-handler';

/** GET /api/health for load balancers: 200 when the database answers, 503 otherwise. */
export const healthRoutes =
  (db: Database): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/health', async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return sendError(request, reply, 'UNAVAILABLE', 'The database is not reachable.');
      }
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'up' });
    });
  };
