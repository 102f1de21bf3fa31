import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppStoreProvider, type AppState } from '../base/store.tsx';
import { createQueryClient } from '../base/queryClient.ts';

/** Server state (TanStack Query) and app state (the store), shared by the whole app. */
export function Providers({
  children,
  queryClient,
  initialState,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialState?: AppState;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AppStoreProvider initial={initialState}>{children}</AppStoreProvider>
    </QueryClientProvider>
  );
}
