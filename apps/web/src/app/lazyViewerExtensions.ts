import type { ViewerExtensions, ViewerExtensionsSource } from '../features/viewer/extensions.tsx';

let loaded: ViewerExtensions | null = null;
let loading: Promise<ViewerExtensions> | null = null;

/** Fetch the viewer's extensions (properties, issues, markups) ahead of the first model, as its code is. */
export function preloadViewerExtensions(): Promise<ViewerExtensions> {
  loading ??= import('./viewerExtensions.ts').then(
    (module) => (loaded = module.viewerExtensions),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The extensions once here, else the promise of them (the viewer suspends on it). */
export const lazyViewerExtensions: ViewerExtensionsSource = () => loaded ?? preloadViewerExtensions();
