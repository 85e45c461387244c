import { createContext, useContext } from 'react';

/**
 * True while the server renders a page shell (ADR 0016, prerender/page-shells.tsx). A shell stands for
 * anyone the hint cookie may belong to, so the few parts that show who is signed in or what only this
 * browser remembers (the avatar menu, the admin section chosen last time) draw their placeholder instead.
 */
export const PageShellContext = createContext(false);

export function useIsPageShell(): boolean {
  return useContext(PageShellContext);
}
