import { useEffect } from 'react';
import { useConfig } from '../features/config/hooks/useConfig.ts';
import { browser } from '../base/browser.ts';
import { AppRoutes } from './AppRoutes.tsx';

/** On start: load the configuration files and unregister any service worker. */
function useStartup() {
  useConfig();
  useEffect(() => {
    browser.unregisterServiceWorkers().catch((error: unknown) => {
      console.warn('Could not unregister the service worker', error);
    });
  }, []);
}

export function App() {
  useStartup();
  return <AppRoutes />;
}
