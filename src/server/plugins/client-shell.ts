import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_SHELL_IDS,
  PAGE_SHELLS,
  pickPageShell,
  type PageShellSession,
  type PageShellId,
  type RenderedShell,
  type RenderPageShells,
} from '../../shared/page-shells';
import { STORE_CONFIG_ELEMENT_ID } from '../../shared/embedded-config';
import type { PublicConfig } from '../../shared/schemas/config';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { chooseContentCoding, type ContentCoding } from '../http/accept-encoding';
import { pathnameOf } from '../http/client-paths';
import { ifNoneMatchHits } from '../http/etag';

/** One form of a page as it goes over the wire, with its own strong validator. */
interface EncodedBody {
  bytes: Buffer;
  etag: string;
}

/** One page (index.html, or index.html with a shell) in every coding worth sending. */
interface EncodedPage {
  identity: EncodedBody;
  compressed: Map<ContentCoding, EncodedBody>;
}

/** The client's index.html, the answer to every page of the app (the SPA fallback). */
export interface ClientShell {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export interface ClientShellOptions {
  /** The store's public settings (GET /api/config), written into every page so the app need not ask. */
  config: PublicConfig;
  /** Where the build put page-shells.js (ADR 0016); no shells when it is missing. */
  shellsDir: string;
  log: FastifyBaseLogger;
}

/** The element index.html gives the app. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** The build's template of a page with a shell, beside index.html (vite.config.ts). */
export const SHELL_TEMPLATE = 'shell.html';

/**
 * Reads dist/client/index.html once at start-up, builds the page shells into it (ADR 0016) and compresses
 * every page once, so no page request reads a file or runs a compressor. null when the client is not built.
 *
 * The ETag is a hash of the page's content, not of a file's size and modification time (what
 * @fastify/static uses): index.html keeps its size from one build to the next (the hashed file names it
 * links have a fixed length), and copies of one build on several servers should validate alike. Each
 * coding has its own ETag, as strong validators of different bytes must differ (RFC 9110 §8.8.3). See
 * ADR 0014.
 */
export async function loadClientShell(
  clientDir: string,
  options: ClientShellOptions,
): Promise<ClientShell | null> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const plain = encodePage(withStoreConfig(readFileSync(indexFile, 'utf8'), options.config));
  const shells = await loadShells(clientDir, options);

  /** Whether the page sent for this address depends on the session hint cookie (it picks the shell). */
  const followsHint = (url: string) =>
    shells.size > 0 &&
    pickPageShell(pathnameOf(url), `${SESSION_HINT_COOKIE}=1`) !== pickPageShell(pathnameOf(url), undefined);

  return {
    send(request, reply) {
      const shellId = pickPageShell(pathnameOf(request.url), request.headers.cookie);
      const page = (shellId && shells.get(shellId)) || plain;
      const coding = chooseContentCoding(request.headers['accept-encoding'], [...page.compressed.keys()]);
      const body = (coding && page.compressed.get(coding)) || page.identity;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', followsHint(request.url) ? 'accept-encoding, cookie' : 'accept-encoding')
        .header('etag', body.etag);
      if (ifNoneMatchHits(request, body.etag)) return reply.code(304).send();
      if (coding) reply.header('content-encoding', coding);
      return reply.type('text/html; charset=utf-8').send(body.bytes);
    },
  };
}

/**
 * Every page shell, in the build's template for them (shell.html: index.html whose entry script waits for
 * the shell's first paint, client/boot.ts). None without the template or the renderer.
 */
async function loadShells(
  clientDir: string,
  options: ClientShellOptions,
): Promise<Map<PageShellId, EncodedPage>> {
  const shells = new Map<PageShellId, EncodedPage>();
  const templateFile = path.join(clientDir, SHELL_TEMPLATE);
  if (!existsSync(templateFile)) return shells;
  const template = withStoreConfig(readFileSync(templateFile, 'utf8'), options.config);
  for (const [id, shell] of Object.entries(await renderShells(options))) {
    shells.set(
      id as PageShellId,
      encodePage(withShell(template, shell, PAGE_SHELLS[id as PageShellId].session)),
    );
  }
  return shells;
}

/** Rendering takes about 80 ms; a renderer that hangs must not keep the server from starting. */
const RENDER_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The shells of dist/shells/page-shells.js, or none (a warning) when it is missing or fails. */
async function renderShells({
  shellsDir,
  config,
  log,
}: ClientShellOptions): Promise<Partial<Record<PageShellId, RenderedShell>>> {
  const moduleFile = path.join(shellsDir, 'page-shells.js');
  if (!existsSync(moduleFile)) return {};
  try {
    const module = (await import(pathToFileURL(moduleFile).href)) as { renderPageShells?: RenderPageShells };
    if (typeof module.renderPageShells !== 'function') throw new Error('it exports no renderPageShells');
    const shells = await withTimeout(module.renderPageShells(config), RENDER_TIMEOUT_MS);
    const missing = PAGE_SHELL_IDS.filter((id) => typeof shells[id]?.html !== 'string');
    if (missing.length > 0) throw new Error(`it rendered no ${missing.join(', ')}`);
    return shells;
  } catch (error) {
    // The pages still work without shells, only their first paint waits for the scripts.
    log.warn({ err: error, moduleFile }, 'Page shells could not be rendered; pages start empty');
    return {};
  }
}

/**
 * The public settings as a JSON data block: a `type="application/json"` script is never run, so the CSP
 * (`script-src 'self'`) allows it. `<` is escaped so no value can close the element.
 */
function withStoreConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const element = `<script type="application/json" id="${STORE_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', () => `${element}</head>`);
}

/**
 * The shell template (shell.html) with a shell in `#root` and the shell's title. `#root` names whose
 * session the shell took as known, which the app waits for before replacing it (client/lib/first-render.ts).
 */
function withShell(template: string, shell: RenderedShell, session: PageShellSession): string {
  const page = template.replace(
    ROOT_ELEMENT,
    () => `<div id="root" data-session="${session}">${shell.html}</div>`,
  );
  const title = shell.title;
  return title ? page.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`) : page;
}

function encodePage(html: string): EncodedPage {
  const plain = Buffer.from(html);
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
  const compressed = new Map<ContentCoding, EncodedBody>();
  const candidates: Array<[ContentCoding, Buffer]> = [
    ['br', brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    ['gzip', gzipSync(plain, { level: 9 })],
  ];
  for (const [coding, bytes] of candidates) {
    if (bytes.length < plain.length) compressed.set(coding, { bytes, etag: `"${hash}-${coding}"` });
  }
  return { identity: { bytes: plain, etag: `"${hash}"` }, compressed };
}
