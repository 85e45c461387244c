import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page that shows its heading only once its data has arrived. */
const HEADING_WAIT_MS = 3000;

/**
 * After a client-side navigation to another page, moves the focus to the new page's main heading, so a
 * screen reader announces the new page and the keyboard starts from its top (as after a full page load).
 * Not on the first load, not when only the query or hash changes, and not when the page has already put
 * the focus somewhere inside its main content (a form's first field, for example).
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;

    const deadline = performance.now() + HEADING_WAIT_MS;
    let frame = requestAnimationFrame(function tryFocus() {
      const main = document.getElementById('main-content');
      const active = document.activeElement;
      if (main && active && active !== main && main.contains(active)) return;
      const heading = main?.querySelector('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (performance.now() < deadline) {
        frame = requestAnimationFrame(tryFocus);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
