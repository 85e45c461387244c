import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HASHED_FILES_PREFIX, isApiPath, isFilePath, pathnameOf } from '../http/client-paths';
import {
  COMPRESSIBLE_FILE,
  PRECOMPRESSED_SUFFIX,
  withoutPrecompressedSuffix,
} from '../http/precompressed-files';
import type { PublicConfig } from '../../shared/schemas/config';
import { loadClientShell, SHELL_TEMPLATE } from './client-shell';
import { sendError } from './error-handler';

/** Hashed build files: a new content gets a new name, so a copy never needs checking. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** Everything else: keep a copy, but ask (ETag) before each use, so a deploy shows at once. */
const CACHE_REVALIDATE = 'no-cache';

/**
 * Serves the built React client from dist/client (ADR 0014):
 *
 * - files, through @fastify/static with `preCompressed`: the build's `.br` or `.gz` copy when the request
 *   accepts it (br first), else the file itself; Content-Type of the file, Content-Length of what is sent.
 *   Hashed files under /assets/ are cached for a year, other files revalidate (ETag);
 * - every other GET that is not an API path gets index.html (client-shell.ts), so deep links such as
 *   /orders/12 load the app, whose router shows the page or its '404 Page Not Found' screen;
 * - a missing file (anything under /assets/, or a name with an extension such as /robots.txt) and unknown
 *   /api paths answer a JSON 404.
 */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string | null,
  config: PublicConfig,
) {
  const shell = clientDir
    ? await loadClientShell(clientDir, {
        config,
        // The build writes the page shells' renderer beside the client (dist/shells, ADR 0016).
        shellsDir: path.join(path.dirname(path.resolve(clientDir)), 'shells'),
        log: app.log,
      })
    : null;

  if (clientDir && shell) {
    const root = path.resolve(clientDir);
    const common = {
      // One route per file found at start-up; any other path falls through to the not-found handler below.
      wildcard: false,
      index: false,
      preCompressed: true,
      // Else @fastify/send writes `public, max-age=0` over the Cache-Control set in setHeaders.
      cacheControl: false,
      setHeaders: staticFileHeaders(clientDir),
    } as const;
    // The copies are found through preCompressed, never asked for by name.
    const copies = Object.values(PRECOMPRESSED_SUFFIX).map((suffix) => `**/*${suffix}`);
    // Hashed files are never revalidated, so they go without ETag, Last-Modified and Accept-Ranges.
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(root, 'assets'),
      prefix: HASHED_FILES_PREFIX,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      globIgnore: copies,
    });
    await app.register(fastifyStatic, {
      ...common,
      root,
      decorateReply: false,
      // index.html is the shell's; the hashed files are served above.
      globIgnore: [...copies, 'index.html', SHELL_TEMPLATE, 'assets/**'],
    });
    app.get('/index.html', (request, reply) => shell.send(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, 'NOT_FOUND', `No such endpoint: ${request.method} ${pathname}`);
    }
    if (isFilePath(pathname)) return sendError(request, reply, 'NOT_FOUND', `No such file: ${pathname}`);
    if (!shell) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run "npm run build" (npm start does it for you).');
    }
    return shell.send(request, reply);
  });
}

/**
 * Cache-Control and Vary of a static answer, 304s included. `filePath` is the file sent: for a precompressed
 * answer, the `.br` or `.gz` copy. @fastify/static 8 sets no Vary itself (fastify/fastify-static#230).
 */
function staticFileHeaders(clientDir: string) {
  const assetsDir = path.join(path.resolve(clientDir), 'assets') + path.sep;
  return (res: SetHeadersResponse, filePath: string) => {
    res.setHeader('cache-control', filePath.startsWith(assetsDir) ? CACHE_FOREVER : CACHE_REVALIDATE);
    if (COMPRESSIBLE_FILE.test(withoutPrecompressedSuffix(filePath)))
      res.setHeader('vary', 'accept-encoding');
  };
}
