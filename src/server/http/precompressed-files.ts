import type { ContentCoding } from './accept-encoding';

/**
 * Text files of the built client. The build (vite.config.ts) writes a Brotli and a gzip copy of each, and the
 * server answers them with `Vary: Accept-Encoding` (ADR 0014). Images and fonts are compressed already.
 */
export const COMPRESSIBLE_FILE = /\.(?:html|css|js|mjs|json|svg|xml|txt|map|webmanifest)$/;

/** The suffix of a file's precompressed copy, as the build names it and @fastify/static looks for it. */
export const PRECOMPRESSED_SUFFIX: Readonly<Record<ContentCoding, string>> = { br: '.br', gzip: '.gz' };

/** The file a path names once a precompressed copy's suffix is taken off. */
export function withoutPrecompressedSuffix(filePath: string): string {
  for (const suffix of Object.values(PRECOMPRESSED_SUFFIX)) {
    if (filePath.endsWith(suffix)) return filePath.slice(0, -suffix.length);
  }
  return filePath;
}
