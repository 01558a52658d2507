import { useCallback } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { menuApi } from './menu-api';
import type { ApiProduct, StoreInfo } from './types';

/** The id of the route (the layout) whose loader fetches the store's profile. */
export const SHELL_ROUTE_ID = 'shell';

/** What the shell's loader provides to every screen. Null when it could not be loaded. */
export interface ShellData {
  store: StoreInfo | null;
  offers: ApiProduct[] | null;
}

/**
 * The store's profile and open flag, loaded by the shell's route loader with the first screen's
 * data (spec: "a store open/closed flag is fetched at start-up") and refreshed by revalidation,
 * so a page left open follows the hours.
 */
interface StoreInfoState {
  info: StoreInfo | null;
  /** True once the first answer (or failure) arrived. */
  loaded: boolean;
  failed: boolean;
  storeOpen: boolean;
  /** When a pause ends, while the store is paused (not closed); null otherwise. */
  pausedUntil: Date | null;
  refresh: () => Promise<void>;
}

export function useStoreInfo(): StoreInfoState {
  const data = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  const { revalidate } = useRevalidator();
  const refresh = useCallback(async () => {
    menuApi.forgetStore();
    await revalidate();
  }, [revalidate]);
  const info = data?.store ?? null;
  return {
    info,
    loaded: data !== undefined,
    failed: data !== undefined && info === null,
    storeOpen: info?.storeOpen ?? false,
    pausedUntil: info?.status === 'paused' && info.resumesAt ? new Date(info.resumesAt) : null,
    refresh,
  };
}
