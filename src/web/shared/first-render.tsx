import { createContext, useContext } from 'react';

/*
 * The server renders the first view of the catalogue's pages (decision 14) and the browser then
 * hydrates it: the browser's first render must draw exactly what the server drew, or React
 * throws the server's HTML away (and says so in the console). What only the browser knows (the
 * stored order type, user and guest cart) therefore shows from the render after hydration, and
 * the clock reads the server's time until then.
 */

/**
 * False on the server and while hydrating its HTML (main.tsx then sets it true in a render of
 * its own); true from the start on a page the server did not draw.
 */
export const HydratedContext = createContext(true);

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** The server's clock when it rendered the page (ms since the epoch); null outside a first view. */
export const RenderTimeContext = createContext<number | null>(null);

/** The time the page was rendered at, while hydrating; null otherwise (use the browser's clock). */
export function useRenderTime(): number | null {
  const renderedAt = useContext(RenderTimeContext);
  return useHydrated() ? null : renderedAt;
}
