import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import type { Lifecycle } from '../../http/lifecycle';
import { sendError } from '../../plugins/error-handler';

/**
 * The operator's checks (docs/operations.md#health-and-readiness), never cached:
 * - GET /api/health/live: the process answers (restart it when this fails);
 * - GET /api/health/ready: it should get traffic: the database answers, its notifications are received,
 *   its disk took the last writes (no write refused for a full disk in the last 30 s, db/storage-watch.ts)
 *   and it is not draining; 503 with the failing part otherwise (migrations are applied before the app is
 *   built, main.ts, so an app that answers has them);
 * - GET /api/health: the database answers (the combined check load balancers already use).
 */
export const healthRoutes =
  (db: Database, lifecycle: Lifecycle, storage: { readonly full: boolean }): FastifyPluginAsync =>
  async (app) => {
    const databaseAnswers = async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    };

    app.get('/api/health', async (request, reply) => {
      if (!(await databaseAnswers())) {
        return sendError(request, reply, 'UNAVAILABLE', 'The database is not reachable.');
      }
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'up' });
    });

    app.get('/api/health/live', (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'live' }),
    );

    app.get('/api/health/ready', async (_request, reply) => {
      const database = (await databaseAnswers()) ? 'up' : 'down';
      const notifications = lifecycle.listening ? 'listening' : 'down';
      const disk = storage.full ? 'full' : 'ok';
      let status = 'ready';
      if (lifecycle.draining) status = 'draining';
      else if (database !== 'up' || notifications !== 'listening') status = 'not ready';
      else if (disk === 'full') status = 'storage-full';
      return reply
        .code(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, database, notifications, storage: disk, migrations: 'applied' });
    });
  };
