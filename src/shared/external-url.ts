const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * A link the portal may show or e-mail that came from outside (Shopify's invoice URL, a carrier's tracking
 * URL), or null (docs/security.md#output-encoding: URL scheme allow-list). https only. Plain http to a
 * loopback host is accepted only while the portal itself runs on a loopback origin (`portalOrigin`): that is
 * a local run against the fake store (SHOPIFY_MODE=fake), whose invoice pages are served over http; a
 * deployed portal never links there.
 */
export function safeExternalUrl(url: string | null | undefined, portalOrigin?: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return parsed.href;
    const local =
      parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && isLoopback(portalOrigin);
    return local ? parsed.href : null;
  } catch {
    return null;
  }
}
