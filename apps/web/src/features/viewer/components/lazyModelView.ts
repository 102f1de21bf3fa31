import { lazy } from 'react';
import type { ModelView as ModelViewComponent } from './ModelView.tsx';

type ModelViewModule = { default: typeof ModelViewComponent };

let loaded: ModelViewModule | null = null;
let loading: Promise<ModelViewModule> | null = null;

/** Fetch the 3D viewer's code (with the panels it carries) ahead of the first model. */
export function preloadModelView(): Promise<ModelViewModule> {
  loading ??= import('./ModelView.tsx').then(
    (module) => (loaded = { default: module.ModelView }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The 3D viewer, loaded with the first model rather than with the shell. Once its code is here (preloaded
 * while the user browses) the first tab renders it at once: React's lazy takes a thenable that has already
 * settled without suspending, so no fallback frame is drawn in between.
 */
// a thenable that calls back at once (a Promise would call back on a later tick, and React would suspend)
const settled = (module: ModelViewModule) =>
  ({
    then(onFulfilled: (value: ModelViewModule) => unknown) {
      onFulfilled(module);
    },
  }) as unknown as Promise<ModelViewModule>;

export const LazyModelView = lazy(() => (loaded ? settled(loaded) : preloadModelView()));
