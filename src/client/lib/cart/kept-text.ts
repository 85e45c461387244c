/**
 * A short text the review page keeps beside the cart in localStorage (docs/storefront.md#review-page), so that
 * 'Go Back', a reload or a closed tab does not lose it: the order notes, the PO number. Kept apart from the
 * cart's versioned record so that typing neither bumps the cart's version (the order form re-checks the cart
 * on each version) nor races another tab. Emptied with the cart (clearCart).
 */
export interface KeptText {
  /** The text kept, or '' (none, unreadable storage, or something that is not text), at most `maxLength`. */
  read(): string;
  /** Keeps `text` (empty removes the entry). Blocked storage only costs the text's persistence. */
  write(text: string): void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keptText(storageKey: string, maxLength: number): KeptText {
  return {
    read() {
      try {
        const raw = storage()?.getItem(storageKey);
        return typeof raw === 'string' ? raw.slice(0, maxLength) : '';
      } catch {
        return '';
      }
    },
    write(text) {
      try {
        if (text === '') storage()?.removeItem(storageKey);
        else storage()?.setItem(storageKey, text.slice(0, maxLength));
      } catch {
        // Nothing to do: the text stays on the page.
      }
    },
  };
}
