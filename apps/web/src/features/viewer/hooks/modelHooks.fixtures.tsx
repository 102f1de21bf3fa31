import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../../base/queryClient.ts';
import { Providers } from '../../../app/providers.tsx';
import type { ObjectIndex } from '../api.ts';
import { indexObjects } from '../objectIndex.ts';

/** A pump (1) with a child part (2) carrying the same tag, and a valve (3): the hooks' model. */
export const objects: ObjectIndex = {
  localIds: [1, 2, 3],
  parents: [-1, 1, -1],
  guids: ['g-pump', 'g-child', 'g-valve'],
  tags: ['P-101', 'P-101', 'V-7'],
  categories: ['Pump', 'Pump', 'Gate Valve'],
  hazard: [0, 0, 1],
};
export const index = indexObjects(objects);

/** The app's providers (query client, store) for renderHook, with the query client to inspect. */
export function hookWrapper(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={queryClient}>{children}</Providers>
  );
  return { wrapper, queryClient };
}

/** A ref to an element at (10, 20) of the page. */
export function hostAt(left = 10, top = 20) {
  const element = document.createElement('div');
  element.getBoundingClientRect = () => ({ left, top, right: left + 800, bottom: top + 600 }) as DOMRect;
  return { current: element };
}

export const prefetchSpy = () => vi.fn(async (..._args: unknown[]) => undefined);
