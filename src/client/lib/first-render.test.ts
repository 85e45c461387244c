// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_QUERY_KEY } from './admin-session-query';
import { testConfig, testUser } from '../test-support/api-fixtures';
import { jsonResponse, stubFetch } from '../test-support/stub-fetch';
import { keepShellScroll, restoreShellScroll, SHELL_WAIT_MS, shellCanBeReplaced } from './first-render';
import { CURRENT_USER_QUERY_KEY } from './session';

const testAdmin = { ...testUser, id: 1, username: 'admin', role: 'admin' as const };

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The page's `#root` as the server sends it with a shell drawn for `session`. */
function shellRoot(session: 'visitor' | 'customer' | 'admin') {
  const root = document.createElement('div');
  root.dataset.session = session;
  return root;
}

/**
 * Whether `promise` settles within `withinMs`: a short wait shows that it is still held back, a long one
 * (resolving as soon as it settles) that it goes through, however loaded the machine is.
 */
function settled(promise: Promise<unknown>, withinMs = 20): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs)),
  ]);
}

describe('replacing a page shell', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for the page's code and the session, then has the session and the settings in the cache", async () => {
    const code = gate();
    const session = gate();
    stubFetch({
      '/api/session': async () => (await session.opened, jsonResponse({ user: testUser })),
      '/api/config': () => jsonResponse(testConfig),
    });
    const queryClient = new QueryClient();
    const ready = shellCanBeReplaced(code.opened, queryClient, shellRoot('customer'));

    expect(await settled(ready)).toBe(false);
    code.open();
    expect(await settled(ready)).toBe(false);
    session.open();
    expect(await settled(ready, 5_000)).toBe(true);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(testUser);
    expect(queryClient.getQueryData(['config'])).toEqual(testConfig);
  });

  it("asks for the administrator's session when the shell was drawn for one", async () => {
    stubFetch({
      '/api/session': () => jsonResponse({ user: testAdmin }),
      '/api/config': () => jsonResponse(testConfig),
    });
    const queryClient = new QueryClient();
    await shellCanBeReplaced(Promise.resolve(), queryClient, shellRoot('admin'));
    expect(queryClient.getQueryData(ADMIN_SESSION_QUERY_KEY)).toEqual(testAdmin);
  });

  it('gives up waiting after a while, so a hung request never keeps the app from starting', async () => {
    vi.useFakeTimers();
    stubFetch({
      '/api/session': () => new Promise<Response>(() => {}),
      '/api/config': () => jsonResponse(testConfig),
    });
    const ready = shellCanBeReplaced(Promise.resolve(), new QueryClient(), shellRoot('visitor'));
    let done = false;
    void ready.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(SHELL_WAIT_MS - 100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});

describe("the reader's place in a page shell", () => {
  const scrollBy = (y: number) => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
  };

  it('is where the app puts the page back after its first render, once', () => {
    scrollBy(0);
    keepShellScroll();
    scrollBy(300);
    scrollBy(420);
    // What the router's scroll restoration does with a page it has not seen.
    window.scrollTo(0, 0);
    restoreShellScroll();
    expect(window.scrollY).toBe(420);

    // Later renders and scrolling are the router's and the reader's.
    scrollBy(50);
    restoreShellScroll();
    expect(window.scrollY).toBe(50);
  });

  it('is left alone without a shell', () => {
    scrollBy(120);
    restoreShellScroll();
    expect(window.scrollY).toBe(120);
  });
});
