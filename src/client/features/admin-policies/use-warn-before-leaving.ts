import { useEffect } from 'react';

/**
 * While `unsaved` is true, closing or reloading the tab asks first (the browser's own "Leave site?"
 * question), so a long edit is not lost by accident (docs/admin.md#policies).
 */
export function useWarnBeforeLeaving(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
