import { useEffect } from 'react';

/** Marks the extra history entry that lets the browser's Back button be asked about first. */
const GUARD = '__penstockLeaveGuard';

/**
 * A page's leave prompt (engineering spec §2, sketch editor and training page): closing or reloading the tab
 * asks the browser's question, and following a link elsewhere in the app or pressing the browser's Back
 * button asks `message`. Penstock asks only while `active` (there are unsaved changes).
 *
 * Back cannot be cancelled once the browser has moved, so while active the page adds one history entry for
 * the same address: Back then only leaves that entry (the page stays), the question is asked, and on OK the
 * real step back is taken; on Cancel the entry is put back for the next Back.
 */
export function useLeavePrompt(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    let leaving = false;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
        return;
      const to = new URL(link.href, window.location.href);
      if (to.origin === window.location.origin && to.pathname === window.location.pathname) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const guarded = () => (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;
    const guard = () => {
      if (!guarded())
        window.history.pushState(
          { ...(window.history.state ?? {}), [GUARD]: true },
          '',
          window.location.href,
        );
    };
    const popstate = () => {
      // a Back from the guard entry: still on this page's address, the app has not moved
      if (leaving || guarded()) return;
      if (window.confirm(message)) {
        leaving = true;
        window.history.back();
      } else guard();
    };
    guard();
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('popstate', popstate);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('popstate', popstate);
      document.removeEventListener('click', click, true);
    };
  }, [active, message]);
}
