import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../shared/api';

interface Loaded<T> {
  path: string | null;
  attempt: number;
  data: T | null;
  error: string | null;
  status: number | null;
}

/**
 * Loads one GET resource for a screen; aborts when the screen goes away or the path changes.
 * `status` is the HTTP status of a failure (0 when the server could not be reached), so a screen
 * can tell "no such thing" (404) from "try again"; `reload` asks again after a failure.
 */
export function useApiResource<T>(path: string | null): {
  data: T | null;
  error: string | null;
  status: number | null;
  loading: boolean;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T>>({
    path: null,
    attempt: 0,
    data: null,
    error: null,
    status: null,
  });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ path, attempt, data, error: null, status: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`GET ${path} failed`, error);
        setState({
          path,
          attempt,
          data: null,
          error: error instanceof Error ? error.message : 'Request failed.',
          status: error instanceof ApiError ? error.status : 0,
        });
      },
    );
    return () => controller.abort();
  }, [path, attempt]);
  const reload = useCallback(() => setAttempt((current) => current + 1), []);
  const current = state.path === path && state.attempt === attempt;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    status: current ? state.status : null,
    loading: path !== null && !current,
    reload,
  };
}
