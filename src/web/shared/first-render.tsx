import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/*
 * The server renders the first view of the catalogue's pages (decision 14) and the browser then
 * hydrates it: the browser's first render must draw exactly what the server drew, or React
 * throws the server's HTML away (and says so in the console). What only the browser knows (the
 * stored order type, user and guest cart) therefore shows from the render after hydration, and
 * the clock reads the server's time until then.
 */

/** True from the start on a page the server did not draw (no provider around the app). */
const HydratedContext = createContext(true);

/**
 * False while rendering on the server and while hydrating its HTML, true from the render after,
 * and true from the start on a page the server did not render.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** Around the server's render of a first view: everything is drawn as before hydration. */
export function ServerRender({ children }: { children: ReactNode }) {
  return <HydratedContext value={false}>{children}</HydratedContext>;
}

/**
 * Around the app hydrating a first view: false while hydrating, then true in a render of its
 * own, as a transition. (A `useSyncExternalStore` with a different server snapshot did the same
 * as a synchronous update: one task of 40-50 ms on a phone, rendering every part that shows what
 * only the browser knows, which Lighthouse counted as blocking time. A transition's render
 * yields to the browser every few milliseconds; only its commit is one task.)
 */
export function FirstViewHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** The server's clock when it rendered the page (ms since the epoch); null outside a first view. */
export const RenderTimeContext = createContext<number | null>(null);

/** The time the page was rendered at, while hydrating; null otherwise (use the browser's clock). */
export function useRenderTime(): number | null {
  const renderedAt = useContext(RenderTimeContext);
  return useHydrated() ? null : renderedAt;
}
