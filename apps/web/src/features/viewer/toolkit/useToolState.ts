import { useMemo, useSyncExternalStore } from 'react';

/** A tool's state as an external store: read once after each change, the same object until the next. */
function toolStore<T>(onChange: (callback: () => void) => () => void, read: () => T) {
  let cache: { value: T } | null = null;
  return {
    subscribe: (notify: () => void) =>
      onChange(() => {
        cache = null;
        notify();
      }),
    snapshot: () => {
      cache ??= { value: read() };
      return cache.value;
    },
  };
}

/**
 * A viewer tool's state for a panel: read with `read` and read again after the tool's `onChange` (the
 * tools are framework-free; the panel only renders what they answer). `onChange` and `read` belong to one
 * tool object: pass the tool's own (stable) methods.
 */
export function useToolState<T>(onChange: (callback: () => void) => () => void, read: () => T): T {
  const store = useMemo(() => toolStore(onChange, read), [onChange, read]);
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
