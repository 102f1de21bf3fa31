import { useCallback, useState } from 'react';

/** What react-bootstrap's Accordion passes to onSelect. */
type AccordionEventKey = string | string[] | null | undefined;

/**
 * The open groups of an always-open accordion, and the groups opened at least once: a group's body is
 * rendered only from its first opening (there are some 500 symbol images) and kept while it collapses.
 */
export function useOpenGroups() {
  const [open, setOpenState] = useState<string[]>([]);
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const setOpen = useCallback((keys: string[]) => {
    setOpenState(keys);
    setSeen((before) => (keys.every((k) => before.has(k)) ? before : new Set([...before, ...keys])));
  }, []);
  const onSelect = useCallback(
    (keys: AccordionEventKey) => setOpen(Array.isArray(keys) ? keys : keys ? [keys] : []),
    [setOpen],
  );
  return { open, seen, setOpen, onSelect };
}
