import type { Page } from '@playwright/test';

/**
 * Every console error or warning and uncaught exception the page reports from now on (issue 14: none on
 * any page for a visitor or a customer). Chromium logs every non-OK fetch as an error, so a page that asks
 * for something it may not have shows up here.
 */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${page.url()} console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
  return problems;
}
