import http from 'node:http';
import type { PortalMetrics } from './metrics';

/**
 * METRICS_PORT: GET /metrics on a port of its own, without a token, for a scraper on a private network
 * (docs/operations.md#metrics). Anything else is 404.
 */
export async function serveMetrics(metrics: PortalMetrics, host: string, port: number) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
