import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppStore } from '../../../base/store.tsx';
import { browser } from '../../../base/browser.ts';
import { errorMessage } from '../../../base/api.ts';
import { logoff } from '../api.ts';
import { closeSessionStore } from '../../../base/sessionStore.ts';

export interface SignOut {
  signOut: () => Promise<void>;
  pending: boolean;
  /** the session has ended and the browser is leaving: render nothing that loads */
  signedOut: boolean;
  error: string | null;
  clearError: () => void;
}

/** Sign out: end the session, clear ALL application state, then go to the server's signed-out page. */
export function useSignOut(): SignOut {
  const queryClient = useQueryClient();
  const { dispatch } = useAppStore();
  const [pending, setPending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOut = useCallback(async () => {
    setPending(true);
    setError(null);
    let signedOutUrl: string;
    try {
      ({ signedOutUrl } = await logoff());
    } catch (failure) {
      setError(`Sign out failed: ${errorMessage(failure)}`);
      setPending(false);
      return;
    }
    setSignedOut(true);
    queryClient.clear();
    dispatch({ type: 'reset' });
    closeSessionStore();
    browser.assign(signedOutUrl);
  }, [queryClient, dispatch]);

  const clearError = useCallback(() => setError(null), []);
  return { signOut, pending, signedOut, error, clearError };
}
