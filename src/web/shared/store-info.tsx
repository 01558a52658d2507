import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from './api';
import type { StoreInfo } from './types';

/**
 * The store's profile and open flag, fetched once at start-up (spec: "a store open/closed flag is
 * fetched at start-up") and refreshed every minute so a page left open follows the hours.
 */
interface StoreInfoState {
  info: StoreInfo | null;
  /** True once the first answer (or failure) arrived. */
  loaded: boolean;
  failed: boolean;
  storeOpen: boolean;
  refresh: () => Promise<void>;
}

const StoreInfoContext = createContext<StoreInfoState>({
  info: null,
  loaded: false,
  failed: false,
  storeOpen: false,
  refresh: async () => undefined,
});

const REFRESH_MS = 60_000;

export function StoreInfoProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<StoreInfo | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setInfo(await api<StoreInfo>('/api/store'));
      setFailed(false);
    } catch (error) {
      console.warn('Could not load the store status', error);
      setFailed(true);
    } finally {
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  return (
    <StoreInfoContext.Provider
      value={{ info, loaded, failed, storeOpen: info?.storeOpen ?? false, refresh }}
    >
      {children}
    </StoreInfoContext.Provider>
  );
}

export function useStoreInfo(): StoreInfoState {
  return useContext(StoreInfoContext);
}
