import { describe, expect, it } from 'vitest';
import { PAGE_SHELL_IDS } from '../../shared/page-shells';
import type { PublicConfig } from '../../shared/schemas/config';
import { renderPageShells } from './page-shells';

/**
 * The real pages rendered as shells (ADR 0016), in Node as the server does at start-up: what a phone shows
 * before any script has run. Each shell must be the page's own loading state for the right person, with
 * nothing personal and nothing that needs a script.
 */
const CONFIG: PublicConfig = {
  storeName: 'Dew <Mist> & Co',
  supportEmail: 'support@example.com',
  termsUrl: '/support',
  privacyUrl: '/support',
};

/** The visible text, roughly: tags and icons dropped, runs of space joined. */
const textOf = (html: string) =>
  html
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('page shells', async () => {
  const shells = await renderPageShells(CONFIG);

  it('renders every shell, with no script (the CSP allows none inline) and the store name escaped', () => {
    expect(Object.keys(shells).sort()).toEqual([...PAGE_SHELL_IDS].sort());
    for (const id of PAGE_SHELL_IDS) {
      const { html } = shells[id];
      expect(html, id).not.toMatch(/<script/i);
      expect(html, id).not.toContain('<Mist>');
      expect(html, id).toContain('Dew &lt;Mist&gt; &amp; Co');
      // The title goes to <head>; it is not left in #root.
      expect(html, id).not.toContain('<title>');
    }
  });

  it("draws a visitor's order form: the sign-in button and banner, the loading products in both layouts", () => {
    const { html, title } = shells['home-visitor'];
    const text = textOf(html);
    expect(title).toBe('Wholesale Order Form | Dew &lt;Mist&gt; &amp; Co');
    expect(text).toContain('Wholesale Order Form');
    expect(text).toContain('All products come in cases of 12 bottles, with free shipping on every order.');
    expect(text).toContain('Sign In / Register');
    expect(text).toContain('Not signed in');
    expect(text).toContain('Loading products…');
    // The screen is unknown: the cards (below 768 px) and the table (from 768 px), CSS showing one.
    expect(html).toContain('<div class="contents md:hidden">');
    expect(html).toContain('<div class="hidden md:contents">');
    expect(text).toContain('Order Summary');
  });

  it("draws a customer's order form without the visitor's parts and without anyone's name", () => {
    const text = textOf(shells['home-customer'].html);
    expect(text).toContain('Wholesale Order Form');
    expect(text).not.toContain('Not signed in');
    expect(text).not.toContain('Sign In / Register');
    expect(text).toContain('Orders');
    // The avatar menu waits for the app, which knows who is signed in.
    expect(shells['home-customer'].html).not.toContain('Account menu');
  });

  it('draws the order history loading', () => {
    const { html, title } = shells.orders;
    expect(title).toBe('Order History | Dew &lt;Mist&gt; &amp; Co');
    expect(textOf(html)).toContain('Order History');
    expect(textOf(html)).toContain('Loading your orders…');
    expect(html).not.toContain('Account menu');
  });

  it('draws the admin dashboard with no section chosen yet (the browser remembers the last one)', () => {
    const { html, title } = shells.admin;
    const text = textOf(html);
    expect(title).toBe('Admin Dashboard | Dew &lt;Mist&gt; &amp; Co');
    expect(text).toContain('Admin Dashboard');
    expect(text).toContain('Manage Allowed SKUs;');
    expect(text).not.toContain('Product Management');
    expect(html).not.toContain('aria-current="page"');
  });
});
