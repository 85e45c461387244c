import type { ConsoleMessage } from '@playwright/test';

/**
 * Console errors a healthy page may log: Chromium reports every non-OK fetch as 'Failed to load resource', and
 * GET /api/user answers 401 to a visitor by contract (spec 000 §7: '401 means no user').
 */
export function isExpectedConsoleError(message: ConsoleMessage): boolean {
  return (
    message.text().includes('status of 401') &&
    new URL(message.location().url, 'http://x').pathname === '/api/user'
  );
}
