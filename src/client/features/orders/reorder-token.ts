import { REORDER_NOTICE_KEY, type ReorderNotice } from './reorder-notice';

/**
 * Each Reorder click carries a fresh token in the navigation state (history.state survives a reload); the
 * reorder page makes its one call per token and records the token as handled for the rest of the session,
 * so a reload, Back/Forward or a doubled effect never reorders twice (docs/storefront.md#reorder-page).
 */

const STATE_KEY = 'reorderToken';
const HANDLED_STORAGE_KEY = 'wholesale-reorder-handled';
/** Enough for any session; the oldest tokens drop out first. */
const MAX_HANDLED = 50;

/** Also kept in memory, so a browser that blocks sessionStorage still never runs a token twice per page. */
const handledInMemory = new Set<string>();

/** 128 random bits as hex. getRandomValues works on plain-HTTP origins too, unlike randomUUID. */
export function newReorderToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The navigation state a Reorder click sends. */
/** What a reorder does with a cart that already holds items: the buyer chooses (issue 31, finding 3). */
export type ReorderMode = 'replace' | 'add';
const MODE_KEY = 'reorderMode';

export function reorderNavigationState(token: string, mode: ReorderMode = 'replace'): Record<string, string> {
  return { [STATE_KEY]: token, [MODE_KEY]: mode };
}

/** The buyer's choice in a location's state: 'add' only when chosen, else the lines replace the cart. */
export function readReorderMode(state: unknown): ReorderMode {
  if (typeof state !== 'object' || state === null || !(MODE_KEY in state)) return 'replace';
  return state[MODE_KEY] === 'add' ? 'add' : 'replace';
}

/** The token in a location's state, or null (a typed URL, a bookmark). */
export function readReorderToken(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return null;
  const token = state[STATE_KEY];
  return typeof token === 'string' && token.length > 0 ? token : null;
}

function readHandled(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(HANDLED_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

export function isReorderTokenHandled(token: string): boolean {
  return handledInMemory.has(token) || readHandled().includes(token);
}

export function markReorderTokenHandled(token: string): void {
  handledInMemory.add(token);
  try {
    const handled = [...readHandled().filter((known) => known !== token), token].slice(-MAX_HANDLED);
    window.sessionStorage.setItem(HANDLED_STORAGE_KEY, JSON.stringify(handled));
  } catch {
    // Storage blocked or full: the in-memory record still covers this page's life.
  }
}

/** Tests: forget the in-memory record, as a page load does. */
export function forgetHandledReorderTokensInMemory(): void {
  handledInMemory.clear();
}

/** Asks the order form for its one-time 'Order Loaded' notice (see reorder-notice.ts). */
export function requestReorderNotice(notice: ReorderNotice = { added: false, unavailable: [] }): void {
  try {
    window.sessionStorage.setItem(REORDER_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // Blocked storage: the order form still shows the items, only without the notice.
  }
}
