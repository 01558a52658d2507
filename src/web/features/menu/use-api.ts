import { useEffect, useState } from 'react';
import { api } from '../../shared/api';

/** Loads one GET resource for a screen; aborts when the screen goes away or the path changes. */
export function useApiResource<T>(path: string | null): {
  data: T | null;
  error: string | null;
  loading: boolean;
} {
  const [state, setState] = useState<{ path: string | null; data: T | null; error: string | null }>(
    {
      path: null,
      data: null,
      error: null,
    },
  );
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ path, data, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`GET ${path} failed`, error);
        setState({
          path,
          data: null,
          error: error instanceof Error ? error.message : 'Request failed.',
        });
      },
    );
    return () => controller.abort();
  }, [path]);
  const current = state.path === path;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    loading: !current,
  };
}
