import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Records every toast shown ('Title: description') on the page from now on. One toast is shown at a time and
 * toasts close when the page changes, so a toast may be gone before an assertion that had to wait for
 * something else can see it; the record keeps it. Survives client-side navigation, not a reload. A toast
 * drawn again (the accessibility scan resizes the page to a phone and back, which moves the toasts between
 * the desktop's corner and the phone's top) is the same toast: it is recorded once.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: string[] = [];
    const seen = new WeakSet<Element>();
    let last: { text: string; element: Element } | null = null;
    window.__toasts = shown;
    const collect = () => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const title = toast.querySelector('[data-title]')?.textContent;
        if (seen.has(toast) || !title) continue;
        seen.add(toast);
        const description = toast.querySelector('[data-description]')?.textContent;
        const text = description ? `${title}: ${description}` : title;
        // The same toast drawn anew in another place, its old element gone: not a second toast.
        const redrawn = last?.text === text && !last.element.isConnected;
        last = { text, element: toast };
        if (!redrawn) shown.push(text);
      }
    };
    new MutationObserver(collect).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => window.__toasts ?? []);
}
