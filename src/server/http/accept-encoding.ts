/** The content codings the portal sends besides the plain bytes, best first (smaller output first). */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with, or null for the plain bytes: among `available` (in the server's order of
 * preference), the one the client rates highest in Accept-Encoding (RFC 9110 §12.5.3), the earlier one on a
 * tie. `q=0` refuses a coding, `*` rates every coding the header does not name. No header means no coding.
 */
export function chooseContentCoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const ratings = parseAcceptEncoding(
    Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding,
  );
  let best: ContentCoding | null = null;
  let bestQuality = 0;
  for (const coding of available) {
    const quality = ratings.get(coding) ?? ratings.get('*') ?? 0;
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}

/** Lower-cased coding names with their quality (1 when the q parameter is missing, 0 when it is unreadable). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const ratings = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    ratings.set(name, Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0);
  }
  return ratings;
}
