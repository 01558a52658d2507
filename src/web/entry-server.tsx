/**
 * The server's first view (decision 14): renders a catalogue page to HTML with the routes,
 * loaders and components the browser runs, and hands over the API's answers it drew with, from
 * which the browser's router draws the same page again to hydrate it (main.tsx). Built by Vite
 * as a server bundle (dist/ssr) that the server imports at run time; nothing here imports the
 * server.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import { zoneOffsetSpan } from '../domain/hours';
import { routes, type ScreenHandle } from './app/router';
import { isStaffPath } from './shared/urls';
import type { FirstViewData } from './first-view-data';
import { api, ApiError, type Transport } from './shared/api';
import { HydratedContext, RenderTimeContext } from './shared/first-render';
import { menuReads, menuReadsContext, STORE_PATH } from './shared/menu-api';

export { FIRST_VIEW_DATA_ID } from './first-view-data';
export { default as APP_LOADER } from './first-view-loader?inline-script';

/**
 * A page rendered on the server: what goes inside `<div id="root">`, the JSON of its data script
 * (no `<` in it), the matched screens' source files as Vite's manifest names them (to preload),
 * the image it draws first and largest (its `fetchpriority="high"` one), if any, and its title.
 */
export interface FirstView {
  html: string;
  dataJson: string;
  modules: string[];
  leadImage: string | null;
  /** The page's title: the store's name from its profile, when the page read it. */
  title: string | null;
}

/** The store's name from its profile's answer, as the shell shows it (layout.tsx). */
function storeName(answer: unknown): string | null {
  return typeof answer === 'object' && answer !== null && 'name' in answer
    ? typeof answer.name === 'string' && answer.name !== ''
      ? answer.name
      : null
    : null;
}

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && 'module' in handle && 'rendered' in handle;

/** The same answer to the same request: the browser, asking again, draws the same page. */
const isLasting = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * A renderer whose loaders ask `send` for the API's answers. `render` answers null when the
 * browser should draw the page itself: a screen that shows one person's data, the staff app,
 * anything but a plain success (a loader's error or redirect: the browser's router handles those
 * as it always has), or a page drawn with an answer that failed for the moment (an optional part
 * left out), which the browser might not see fail.
 */
export function createRenderer(send: Transport) {
  const handler = createStaticHandler(routes);

  return async function render(url: string, renderedAt: number): Promise<FirstView | null> {
    const target = new URL(url, 'http://first-view.invalid');
    if (isStaffPath(target.pathname)) return null;
    // This render's own: renders under way at the same moment share nothing.
    const answers: Record<string, unknown> = {};
    const failed: unknown[] = [];
    const reads = menuReads(async <T,>(path: string, _ttlMs: number, signal?: AbortSignal) => {
      try {
        const answer = await api<T>(path, { signal }, send);
        answers[path] = answer;
        return answer;
      } catch (error) {
        if (!isLasting(error)) failed.push(error);
        throw error;
      }
    });
    const context = await handler.query(new Request(target), {
      requestContext: new RouterContextProvider(new Map([[menuReadsContext, reads]])),
    });
    if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
    if (failed.length > 0) return null;
    const screens = context.matches
      .map((match) => match.route.handle as unknown)
      .filter(isScreenHandle);
    if (screens.length === 0 || screens.some((screen) => !screen.rendered)) return null;

    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <HydratedContext value={false}>
          <RenderTimeContext value={renderedAt}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RenderTimeContext>
        </HydratedContext>
      </StrictMode>,
    );
    const data: FirstViewData = {
      renderedAt,
      storeOffset: zoneOffsetSpan(new Date(renderedAt)),
      // In path order, not arrival order: the same page is the same bytes, and so one ETag.
      answers: Object.fromEntries(
        Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
    };
    // React writes the attribute as fetchPriority.
    const lead = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
    const store = answers[STORE_PATH];
    return {
      title: storeName(store),
      html,
      dataJson: JSON.stringify(data).replace(/</g, '\\u003c'),
      modules: screens.map((screen) => screen.module),
      leadImage: lead ? (/\bsrc="([^"]+)"/.exec(lead)?.[1] ?? null) : null,
    };
  };
}
