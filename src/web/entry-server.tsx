/**
 * The server's first view (decision 14): renders a catalogue page to HTML with the same routes,
 * loaders and components the browser runs, and hands over the loader data so the browser's
 * router starts from it (main.tsx hydrates). Built by Vite as a server bundle (dist/ssr) that
 * the server imports at run time; nothing here imports the server.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { zoneOffsetSpan } from '../domain/hours';
import { isStaffPath, routes, type ScreenHandle } from './app/router';
import type { FirstViewData } from './first-view-data';
import { serveApiFrom } from './shared/api';
import { RenderTimeContext, ServerRender } from './shared/first-render';

export { FIRST_VIEW_DATA_ID } from './first-view-data';

/** A page rendered on the server. */
export interface FirstView {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The JSON for the page's first-view data script, safe inside `<script>` (no `<`). */
  dataJson: string;
  /** The matched screens' source files (as Vite's manifest names them), to preload. */
  modules: string[];
  /** The image the page draws first and largest (its `fetchpriority="high"` one), if any. */
  leadImage: string | null;
}

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && 'module' in handle && 'rendered' in handle;

/** The API's answers for the loaders, as `fetch` would give them, straight from the server. */
export type ApiSender = (path: string, init: RequestInit) => Promise<Response>;

/**
 * A renderer whose loaders ask `send` for the API's answers. `render` answers null when the
 * browser should draw the page itself: a screen that shows one person's data, the staff app,
 * or anything but a plain success (a loader's error or redirect: the browser's router handles
 * those as it always has).
 */
/**
 * The answers of the renders under way. Every answer goes to each of them: renders may overlap,
 * and a page handed an answer another page asked for at the same moment only carries a little
 * more of the public catalogue (the server's own requests carry no cookie, so nothing personal).
 */
const underWay = new Set<Record<string, unknown>>();

export function createRenderer(send: ApiSender) {
  serveApiFrom(async (path, init) => {
    const response = await send(path, init);
    if (underWay.size > 0 && response.ok && (init.method ?? 'GET') === 'GET') {
      const body = (await response.clone().json()) as unknown;
      for (const answers of underWay) answers[path] = body;
    }
    return response;
  });
  const handler = createStaticHandler(routes);

  return async function render(url: string, renderedAt: number): Promise<FirstView | null> {
    const request = new Request(new URL(url, 'http://first-view.invalid'));
    if (isStaffPath(new URL(request.url).pathname)) return null;
    const answers: Record<string, unknown> = {};
    underWay.add(answers);
    let context: StaticHandlerContext | Response;
    try {
      context = await handler.query(request);
    } finally {
      underWay.delete(answers);
    }
    if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
    const handles = context.matches.map((match) => match.route.handle as unknown);
    const screens = handles.filter(isScreenHandle);
    if (screens.length === 0 || screens.some((screen) => !screen.rendered)) return null;

    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <ServerRender>
          <RenderTimeContext value={renderedAt}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RenderTimeContext>
        </ServerRender>
      </StrictMode>,
    );
    const data: FirstViewData = {
      renderedAt,
      storeOffset: zoneOffsetSpan(new Date(renderedAt)),
      hydrationData: { loaderData: context.loaderData, actionData: null, errors: null },
      // In path order, not arrival order: the same page is the same bytes, and so one ETag.
      answers: Object.fromEntries(
        Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
    };
    // React writes the attribute as fetchPriority.
    const lead = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
    return {
      html,
      dataJson: JSON.stringify(data).replace(/</g, '\\u003c'),
      modules: screens.map((screen) => screen.module),
      leadImage: lead ? (/\bsrc="([^"]+)"/.exec(lead)?.[1] ?? null) : null,
    };
  };
}
