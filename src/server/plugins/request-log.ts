import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when its answer has gone: method, path (secrets redacted by the `req`
 * serializer, log-redaction.ts), status and time taken, under the request's id. Fastify's own request
 * logging writes two lines, 'incoming request' and 'request completed', which at the default level cost
 * about as much CPU as a cheap route itself (issue 15); app.ts turns it off with a LogController, and the
 * error handler logs failures itself.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
