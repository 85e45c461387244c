// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig, testUser } from '../test-support/api-fixtures';
import { renderApp, renderWithProviders } from '../test-support/render-app';
import { jsonResponse, stubFetch } from '../test-support/stub-fetch';
import { SiteFooter } from './site-footer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SiteFooter', () => {
  it('shows the copyright line with the current year and the store name from /api/config', async () => {
    // Only Date is faked, so the footer cannot pass with a hard-coded year; timers stay real for the query.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T12:00:00Z'));
    stubFetch({ '/api/config': () => jsonResponse(testConfig) });

    renderWithProviders(<SiteFooter />);

    const footer = screen.getByRole('contentinfo');
    expect(
      await within(footer).findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === '© 2031 Dewdrop Botanicals. All rights reserved.',
      ),
    ).toBeTruthy();
    expect(within(footer).getByText('Powered by Shopify')).toBeInTheDocument();
  });

  it("links Terms & Conditions and Privacy Policy to the portal's own pages when no URL is configured", async () => {
    stubFetch({
      '/api/config': () => jsonResponse({ ...testConfig, termsUrl: '/terms', privacyUrl: '/privacy' }),
      '/api/session': () => jsonResponse({ user: null }),
      '/api/policies/terms': () =>
        jsonResponse({
          kind: 'terms',
          title: 'Terms & Conditions',
          body: '## Orders\n\nFull cases only.',
          updatedAt: '2031-03-05T12:00:00.000Z',
        }),
    });

    // Any page of the shell has the footer; the not-found page needs no more stubs.
    const { history } = renderApp('/no-such-page');

    const footer = screen.getByRole('contentinfo');
    const terms = await within(footer).findByRole('link', { name: 'Terms & Conditions' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );

    // A signed-out visitor reads the terms, not the sign-in page (issue 19).
    fireEvent.click(terms);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(await screen.findByText('Full cases only.')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/terms');
  });

  it('links Terms & Conditions and Privacy Policy to the configured URLs and Contact Us to /support', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: testUser }),
    });

    renderWithProviders(<SiteFooter />);

    const terms = await screen.findByRole('link', { name: 'Terms & Conditions' });
    expect(terms.getAttribute('href')).toBe('https://dewdrop.test/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://dewdrop.test/privacy',
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/support'),
    );
  });

  it('lets a signed-out visitor write to the support address, since the support page needs an account', async () => {
    stubFetch({ '/api/config': () => jsonResponse(testConfig) });

    renderWithProviders(<SiteFooter />);

    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
        `mailto:${testConfig.supportEmail}`,
      ),
    );
  });

  it("still shows all three entries and a store name when /api/config fails, the policies on the portal's pages", async () => {
    stubFetch({});

    renderWithProviders(<SiteFooter />);

    expect(await screen.findByText(/Wholesale Portal\. All rights reserved\./)).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Terms & Conditions' })).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();
  });
});
