import type { ReactNode } from 'react';
import { MOBILE_MEDIA_QUERY, useMatchesMedia } from '../lib/use-media-query';

/**
 * The mobile or the desktop form of a part of the page (one in the DOM, ADR 0006). A page shell rendered on
 * the server (ADR 0016) does not know the screen, so it holds both and CSS shows the one that fits (`md`
 * is the mobile query's breakpoint); the app's first render then keeps the one that was showing.
 */
export function ViewportSwitch({ mobile, desktop }: { mobile: ReactNode; desktop: ReactNode }) {
  const isMobile = useMatchesMedia(MOBILE_MEDIA_QUERY);
  if (isMobile === null) {
    return (
      <>
        <div className="contents md:hidden">{mobile}</div>
        <div className="hidden md:contents">{desktop}</div>
      </>
    );
  }
  return isMobile ? mobile : desktop;
}
