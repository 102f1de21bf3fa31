import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reopenSessionStore } from '../base/sessionStore.ts';
import { resetForeground } from '../base/foreground.ts';

// Lazy routes and a loaded CI machine can take more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
  reopenSessionStore();
  resetForeground();
});
