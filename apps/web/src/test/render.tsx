import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { App } from '../app/App.tsx';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../base/queryClient.ts';
import { useAppStore, type AppState } from '../base/store.tsx';
import { ViewerExtensionsProvider } from '../features/viewer/extensions.tsx';
import { viewerExtensions } from '../app/viewerExtensions.ts';

/** Shows the router's current path, to assert redirects. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <output data-testid="location-search">{search}</output>
    </>
  );
}

/** Shows the store, to assert that state was cleared. */
export function StoreProbe() {
  const { state } = useAppStore();
  return <output data-testid="store">{JSON.stringify(state)}</output>;
}

export function renderWithProviders(
  ui: ReactNode,
  { path = '/main', queryClient = createQueryClient(), initialState }: RenderOptions = {},
) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient} initialState={initialState}>
        {/* as the workspace gives them: a viewer rendered alone has its panel, pins and markup tools */}
        <ViewerExtensionsProvider extensions={() => viewerExtensions}>{ui}</ViewerExtensionsProvider>
        <LocationProbe />
        <StoreProbe />
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}

export interface RenderOptions {
  path?: string;
  queryClient?: QueryClient;
  initialState?: AppState;
}

export const renderApp = (options: RenderOptions = {}) => renderWithProviders(<App />, options);

export const storeState = (container: HTMLElement): AppState =>
  JSON.parse(container.querySelector('[data-testid="store"]')?.textContent ?? '{}') as AppState;
