// First: configures zod before any schema is built (see the file).
import './lib/zod-config';
// sonner's own stylesheet, because its runtime <style> injection is removed for the CSP (vite.config.ts).
import 'sonner/dist/styles.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from './components/toaster';
import { AppRouter, createBrowserHistory } from './lib/app-router';
import { keepShellScroll, shellCanBeReplaced } from './lib/first-render';
import { createQueryClient } from './lib/query-client';
import { takeTokenFromAddressBar } from './lib/url-token';
import { AppRoutes, preloadPage } from './router';

/** Lets the browser handle input and paint before the next step: each step is a task of its own. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

// A function, not top-level await: an entry module that awaits makes the bundler split every chunk it
// shares with the lazy pages into a file of its own.
async function start(rootElement: HTMLElement) {
  const overShell = rootElement.hasChildNodes();
  const queryClient = createQueryClient();
  // At once, in the script's own task: a sign-in or reset token leaves the address bar before the page has
  // finished loading (lib/url-token.ts), and the first page's code is asked for.
  takeTokenFromAddressBar();
  const history = createBrowserHistory({ v5Compat: true });
  const pageCode = preloadPage(history.location.pathname);
  await yieldToBrowser();
  const root = createRoot(rootElement);
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter history={history}>
            <AppRoutes />
          </AppRouter>
          <Toaster />
        </QueryClientProvider>
      </StrictMode>,
    );

  // A page shell from the server (ADR 0016) stays on screen until the app can draw the same page; React's
  // first render then replaces it, as a transition: rendered in slices that leave the main thread free for
  // the reader's taps and scrolls in between (the shell is on screen meanwhile).
  if (overShell) {
    keepShellScroll();
    await shellCanBeReplaced(pageCode, queryClient, rootElement);
    startTransition(render);
  } else {
    render();
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
void start(rootElement);
