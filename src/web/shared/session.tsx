import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, ApiError } from './api';
import { useHydrated } from './first-render';
import { useOrderType } from './order-type';
import { readJson, STORAGE_KEYS, writeStorage } from './storage';
import type { ApiMeAnswer, ApiUser } from './types';
import { knownOrder } from './orders/known-order';

/**
 * Who is signed in. The spec keeps the user object in local storage under `user`; the server
 * decides from its HttpOnly session cookie alone, so at start the browser asks /api/auth/me
 * (`{user}`, null for a guest) and forgets a stored user whose session has ended. Must sit
 * inside OrderTypeProvider.
 */
interface SessionState {
  user: ApiUser | null;
  /** False until the server has said who the cookie belongs to (a guard waits for it). */
  checked: boolean;
  /** Stores the user after login or register (the server has set the cookie). */
  signIn: (user: ApiUser) => void;
  /** Ends the session on the server and clears user, order type and address (spec). */
  signOut: () => Promise<void>;
  /**
   * Forgets the user in this browser without asking the server, which ended the session itself
   * (the account was deleted): the stored user, order type and address, order bar and cart.
   */
  forgetUser: () => void;
  /** Replaces the stored user, e.g. after contacts change. */
  updateUser: (user: ApiUser) => void;
}

const SessionContext = createContext<SessionState>({
  user: null,
  checked: false,
  signIn: () => undefined,
  signOut: () => Promise.resolve(),
  forgetUser: () => undefined,
  updateUser: () => undefined,
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<ApiUser | null>(
    // Our own copy of the server's answer, written by store() below.
    () => readJson(STORAGE_KEYS.user) as ApiUser | null,
  );
  const [checked, setChecked] = useState(false);
  const { clear: clearOrderType, chooseTime } = useOrderType();

  const store = useCallback((next: ApiUser | null) => {
    writeStorage(STORAGE_KEYS.user, next ? JSON.stringify(next) : null);
    setUser(next);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    api<ApiMeAnswer>('/api/auth/me', { signal: controller.signal }).then(
      (me) => {
        // `user: null` is a guest, or a stored user whose session has ended.
        store(me.user);
        setChecked(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A session the server no longer knows; any other failure (offline, server down) keeps
        // the stored user until the server can say.
        if (error instanceof ApiError && error.code === 'unauthorized') store(null);
        setChecked(true);
      },
    );
    return () => controller.abort();
  }, [store]);

  const forgetSession = useCallback(() => {
    store(null);
    clearOrderType();
    chooseTime(null);
    // A shared browser: the next customer does not load the last one's order bar.
    knownOrder.forget();
  }, [store, clearOrderType, chooseTime]);

  const signOut = useCallback(async () => {
    try {
      await api('/api/auth/logout', { method: 'POST', body: {} });
    } catch (error) {
      console.warn('Logout request failed; clearing the local session anyway', error);
    }
    forgetSession();
  }, [forgetSession]);

  // A deleted account leaves nothing of its own in the browser, a cart kept locally included.
  const forgetUser = useCallback(() => {
    forgetSession();
    writeStorage(STORAGE_KEYS.cart, null);
  }, [forgetSession]);

  // The server renders for a guest: the stored user shows from the render after hydration.
  const hydrated = useHydrated();
  return (
    <SessionContext.Provider
      value={{
        user: hydrated ? user : null,
        checked,
        signIn: store,
        signOut,
        forgetUser,
        updateUser: store,
      }}
    >
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
