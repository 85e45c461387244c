import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions } from '@playwright/test';

/**
 * Each spec file reaches the portal from its own client address. The e2e portals trust one proxy hop
 * (TRUST_PROXY=1 in playwright.config.ts), and every browser context sends `X-Forwarded-For` with an address
 * made from its spec file's name. The per-IP limits (e-mails, registrations: docs/security.md#rate-limits)
 * then count each file apart, as they would count separate shops, instead of summing the whole run as one
 * visitor; a file that goes over a limit still meets it, as a real visitor would.
 */
export function clientAddressOf(specFile: string): string {
  const digest = createHash('sha256').update(path.basename(specFile)).digest();
  return `10.${digest[0]}.${digest[1]}.${Math.max(digest[2]!, 1)}`;
}

/**
 * `options` with the client address of `specFile` (the file of the test or hook running now); without one
 * (outside a test), the real loopback address.
 */
export function withClientAddress(
  options: BrowserContextOptions | undefined,
  specFile: string | undefined,
): BrowserContextOptions {
  if (!specFile) return options ?? {};
  return {
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressOf(specFile), ...options?.extraHTTPHeaders },
  };
}
