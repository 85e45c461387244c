const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A link the portal may show or e-mail that came from outside (Shopify's invoice URL, a carrier's tracking
 * URL), or null (security.md X1: URL scheme allow-list). https only; plain http is accepted for a loopback
 * host alone, which is where the fake store of a local run (SHOPIFY_MODE=fake) serves its invoice pages.
 */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return parsed.href;
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) ? parsed.href : null;
  } catch {
    return null;
  }
}
