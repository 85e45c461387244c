// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { AppRouter, createMemoryHistory } from '../lib/app-router';
import { NAVIGATION_GRACE_MS, toast, useCloseToastsOnNavigation } from '../lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function host() {
  return document.querySelector('[data-sonner-toaster]');
}

/** A screen as wide as a phone (under the spec's 768 px breakpoint) or a desktop's. */
function screenIs(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

it('shows toasts in the bottom right corner on a desktop, beside the page', async () => {
  screenIs(false);
  render(<Toaster />);

  act(() => toast.success('Saved', { description: 'The FAQ item was saved.' }));

  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(host()?.getAttribute('data-y-position')).toBe('bottom');
  expect(host()?.getAttribute('data-x-position')).toBe('right');
});

it("shows toasts at the top on a phone, clear of the bottom's total bar and submit buttons", async () => {
  screenIs(true);
  render(<Toaster />);

  act(() => toast.success('Tester added'));

  expect(await screen.findByText('Tester added')).toBeInTheDocument();
  expect(host()?.getAttribute('data-y-position')).toBe('top');
});

it('shows one toast at a time: a new one replaces the one on screen', async () => {
  render(<Toaster />);

  act(() => toast.success('Tester removed'));
  expect(await screen.findByText('Tester removed')).toBeInTheDocument();
  act(() => toast.warning('Tester Limit', { description: 'Only one tester per order is allowed' }));

  expect(await screen.findByText('Tester Limit')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Tester removed')).toBeNull());
});

it("closes a page's toasts when another page opens, but keeps one that announces the new page", async () => {
  const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
  const navigate = (pathname: string) => history.push(pathname);
  function Page() {
    useCloseToastsOnNavigation();
    return null;
  }
  render(
    <>
      <AppRouter history={history}>
        <Page />
      </AppRouter>
      <Toaster />
    </>,
  );
  const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);

  act(() => toast.success('Tester added'));
  expect(await screen.findByText('Tester added')).toBeInTheDocument();
  now.mockReturnValue(1_000_000 + NAVIGATION_GRACE_MS + 1);
  act(() => navigate('/confirm'));
  await waitFor(() => expect(screen.queryByText('Tester added')).toBeNull(), { timeout: 4000 });

  // Shown as the page changes (a sign-in's welcome): it stays on the page it leads to.
  act(() => toast.success('Welcome back, Morgan'));
  expect(await screen.findByText('Welcome back, Morgan')).toBeInTheDocument();
  act(() => navigate('/admin'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText('Welcome back, Morgan')).toBeInTheDocument();
});
