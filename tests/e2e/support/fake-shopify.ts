import type { Page } from '@playwright/test';
import { expect } from './a11y';

/** Where the 'shopify' project's fake store answers its control routes (/__fake/…, playwright.config.ts). */
export const FAKE_SHOPIFY = process.env.WHOLESALE_E2E_FAKE_SHOPIFY_URL!;

/** GET (without `body`) or POST a control route of the fake store, expecting 200; its JSON answer. */
export async function fakeStore<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${FAKE_SHOPIFY}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Reloads the page until `check` passes: webhooks and jobs run in the background. */
export async function eventually(page: Page, check: () => Promise<void>, timeout = 20_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [500, 1000] });
}
