// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress } from '../components/navigation-progress';
import { AppRouter, createMemoryHistory, type MemoryHistory } from './app-router';
import { forgetScrollPositions } from './scroll-restoration';

/** A page whose code arrives when the test says so. */
function slowPage(text: string) {
  let arrive!: () => void;
  const Page = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve) => {
        arrive = () => resolve({ default: () => <h1>{text}</h1> });
      }),
  );
  return { Page, arrive: () => act(() => arrive()) };
}

function renderRouter(history: MemoryHistory, routes: React.ReactNode) {
  return render(
    <AppRouter history={history}>
      <NavigationProgress />
      <Suspense fallback={<p>Loading page…</p>}>
        <Routes>{routes}</Routes>
      </Suspense>
    </AppRouter>,
  );
}

const memoryHistory = (...entries: string[]) =>
  createMemoryHistory({ initialEntries: entries.length ? entries : ['/'], v5Compat: true });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.scrollTo(0, 0);
});

describe('navigating to a page whose code is still on its way', () => {
  it('keeps the current page on screen with a progress bar, then shows the new page', async () => {
    const orders = slowPage('Order History');
    const history = memoryHistory('/');
    renderRouter(
      history,
      <>
        <Route path="/" element={<Link to="/orders">Orders</Link>} />
        <Route path="/orders" element={<orders.Page />} />
      </>,
    );

    act(() => screen.getByRole('link', { name: 'Orders' }).click());

    expect(history.location.pathname).toBe('/orders');
    expect(screen.getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).toBeNull();

    orders.arrive();
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
  });
});

describe('scroll position', () => {
  const pages = (
    <>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/terms" element={<h1 id="top-of-terms">Terms</h1>} />
    </>
  );

  it('starts a new page at the top, and Back returns to where the reader was', async () => {
    const history = memoryHistory('/');
    renderRouter(history, pages);
    window.scrollTo(0, 640);

    act(() => history.push('/terms'));
    await screen.findByRole('heading', { name: 'Terms' });
    expect(window.scrollY).toBe(0);

    window.scrollTo(0, 90);
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'Home' });
    expect(window.scrollY).toBe(640);

    act(() => history.go(1));
    await screen.findByRole('heading', { name: 'Terms' });
    expect(window.scrollY).toBe(90);
  });

  it("scrolls to the element a link's #fragment names", async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const history = memoryHistory('/');
    renderRouter(history, pages);

    act(() => history.push('/terms#top-of-terms'));
    const heading = await screen.findByRole('heading', { name: 'Terms' });
    expect(scrollIntoView.mock.contexts).toEqual([heading]);
  });

  it('takes a malformed #fragment as written instead of failing', async () => {
    const history = memoryHistory('/');
    renderRouter(history, pages);
    window.scrollTo(0, 200);
    act(() => history.push('/terms#%E0'));
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);
  });

  it('leaves the first page where it is, also when StrictMode runs the effects twice', () => {
    window.scrollTo(0, 250);
    render(
      <StrictMode>
        <AppRouter history={memoryHistory('/')}>
          <Routes>{pages}</Routes>
        </AppRouter>
      </StrictMode>,
    );
    expect(window.scrollY).toBe(250);
  });

  /**
   * A page that can be scrolled only as far as `page.reachable`, and grows when the test calls
   * `page.grown()` (what a ResizeObserver on it would report).
   */
  function growingPage() {
    const page = { reachable: Number.POSITIVE_INFINITY, grown: () => undefined as void };
    const scrollTo = window.scrollTo.bind(window);
    vi.spyOn(window, 'scrollTo').mockImplementation((x: number, y: number) =>
      scrollTo(x, Math.min(y, page.reachable)),
    );
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          page.grown = callback;
        }
        observe() {}
        disconnect() {
          page.grown = () => undefined;
        }
      },
    );
    return page;
  }

  /** At `/` scrolled to 640, then Back from /terms to a `/` that can be scrolled only to 100 for now. */
  async function backToShortHome() {
    const page = growingPage();
    const history = memoryHistory('/');
    renderRouter(history, pages);
    window.scrollTo(0, 640);
    act(() => history.push('/terms'));
    await screen.findByRole('heading', { name: 'Terms' });
    page.reachable = 100;
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'Home' });
    expect(window.scrollY).toBe(100);
    page.reachable = Number.POSITIVE_INFINITY;
    return { page, history };
  }

  it('puts the place back once the page has grown tall enough for it (its code or data arriving late)', async () => {
    const { page } = await backToShortHome();
    page.grown();
    expect(window.scrollY).toBe(640);
    // Got there: later growth leaves the reader's scrolling alone.
    window.scrollTo(0, 20);
    page.grown();
    expect(window.scrollY).toBe(20);
  });

  it('stops putting the place back when the reader scrolls, and remembers the place meanwhile', async () => {
    const { page, history } = await backToShortHome();
    // Leaving before the page has grown: the place to come back to is still 640, not the short page's 100.
    act(() => history.go(1));
    await screen.findByRole('heading', { name: 'Terms' });
    page.reachable = 100;
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'Home' });
    page.reachable = Number.POSITIVE_INFINITY;
    page.grown();
    expect(window.scrollY).toBe(640);

    act(() => history.go(1));
    await screen.findByRole('heading', { name: 'Terms' });
    page.reachable = 100;
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'Home' });
    window.scrollTo(0, 30);
    window.dispatchEvent(new Event('scroll'));
    page.reachable = Number.POSITIVE_INFINITY;
    page.grown();
    expect(window.scrollY).toBe(30);
  });

  it("comes back to the first page's place on a reload, not when a new document is loaded in the tab", () => {
    sessionStorage.setItem('scroll-positions', JSON.stringify({ default: 480 }));
    const loadedAs = (type: string) =>
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);

    loadedAs('navigate');
    const fresh = renderRouter(memoryHistory('/'), pages);
    expect(window.scrollY).toBe(0);
    fresh.unmount();
    forgetScrollPositions();

    loadedAs('reload');
    renderRouter(memoryHistory('/'), pages);
    expect(window.scrollY).toBe(480);
  });
});
