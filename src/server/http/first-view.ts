/**
 * The first view of a catalogue page, rendered here (decision 14): the built index.html with
 * the page's HTML in `<div id="root">`, the API's answers it was drawn with, and in the head what
 * the page needs next (its screen's chunks, their CSS, its lead image at high priority), so the
 * browser paints before any JavaScript runs and then fetches nothing in a chain.
 *
 * The renderer is the web app's own server bundle (dist/ssr, built with the web app by
 * scripts/server-bundle.ts), imported at run time: the server never imports the web sources.
 * Its loaders' requests are answered by this app in process (`inject`), so the page holds what
 * the API would have said, from the catalogue snapshot (decision 11).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { withInlineHashes } from './security-headers';

/** What dist/ssr/entry-server.js's renderer answers (src/web/entry-server.tsx). */
interface RenderedPage {
  html: string;
  dataJson: string;
  modules: string[];
  leadImage: string | null;
  title: string | null;
}
type Render = (url: string, renderedAt: number) => Promise<RenderedPage | null>;
type ApiSender = (path: string, init: RequestInit) => Promise<Response>;
interface ServerEntry {
  FIRST_VIEW_DATA_ID: string;
  /** The page's inline script, as built (src/web/first-view-loader.ts). */
  APP_LOADER: string;
  createRenderer: (send: ApiSender) => Render;
}

/** One chunk of Vite's manifest (build.manifest). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const isServerEntry = (module: unknown): module is ServerEntry =>
  typeof module === 'object' &&
  module !== null &&
  'createRenderer' in module &&
  typeof module.createRenderer === 'function' &&
  'FIRST_VIEW_DATA_ID' in module &&
  typeof module.FIRST_VIEW_DATA_ID === 'string' &&
  'APP_LOADER' in module &&
  typeof module.APP_LOADER === 'string';

/** Every chunk `keys` need: themselves and what they import, transitively. */
function closure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return chunks;
}

/** A CSP source allowing exactly this inline script or style. */
export const inlineHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const attribute = (value: string) => value.replace(/&(?!amp;)/g, '&amp;').replace(/"/g, '&quot;');

const TITLE = /<title>[^<]*<\/title>/;

/**
 * The head with the page's title in place of index.html's, which names the store as it was
 * seeded: the store's profile is the owner's to change (issue 34), and a shared link's preview
 * or a tab shows this before any script runs.
 */
export function withTitle(head: string, title: string | null): string {
  if (title === null) return head;
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return head.replace(TITLE, () => `<title>${text}</title>`);
}

/**
 * The head's additions for `modules` (the matched screens): the chunks they need that the
 * entry does not already bring (for the inline script to preload with the entry), a stylesheet
 * for each CSS file the entry's does not hold (the server's HTML needs them to look right), and
 * the lead image's preload.
 */
export function headFor(manifest: Manifest, modules: string[], leadImage: string | null): string {
  const entryKeys = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const entry = closure(manifest, entryKeys);
  const inEntry = new Set(entry.map((chunk) => chunk.file));
  const entryCss = new Set(entry.flatMap((chunk) => chunk.css ?? []));
  const screens = closure(manifest, modules).filter((chunk) => !inEntry.has(chunk.file));
  const css = [...new Set(screens.flatMap((chunk) => chunk.css ?? []))].filter(
    (file) => !entryCss.has(file),
  );
  return [
    ...(leadImage
      ? [`<link rel="preload" as="image" href="${attribute(leadImage)}" fetchpriority="high">`]
      : []),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...(screens.length > 0
      ? [
          `<meta name="app-modules" content="${attribute(screens.map((chunk) => `/${chunk.file}`).join(' '))}">`,
        ]
      : []),
  ].join('');
}

/** What comes before and after `piece` in index.html, which must hold it. */
function around(text: string, piece: string): [string, string] {
  const at = text.indexOf(piece);
  if (at < 0) throw new Error(`index.html has no ${piece}`);
  return [text.slice(0, at), text.slice(at + piece.length)];
}

/**
 * index.html cut around the root for a first view: the entry's stylesheet inline (a request
 * less before the first paint, which on a phone's connection is a round trip or two) and the
 * entry's script taken out of the head, left to the inline script at the end of the body. The
 * tags are looked for as Vite writes them for the manifest's entry; a build where they are not
 * found throws rather than sending pages without their app.
 */
export function firstViewTemplate(template: string, manifest: Manifest, webDir: string) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const [css, ...more] = entry?.css ?? [];
  if (!entry || !css || more.length > 0) throw new Error('the manifest has no entry with its CSS');
  // A </style> inside the CSS would end the element early; Vite's minified CSS never has one.
  const style = readFileSync(join(webDir, css), 'utf8');
  if (/<\/style/i.test(style)) throw new Error(`${css} cannot be inlined`);
  const withoutScript = around(
    template,
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
  ).join('');
  const [beforeCss, afterCss] = around(
    withoutScript,
    `<link rel="stylesheet" crossorigin href="/${css}">`,
  );
  const [head, page] = around(`${beforeCss}<style>${style}</style>${afterCss}`, '</head>');
  const [body, afterRoot] = around(page, '<div id="root"></div>');
  const [beforeEnd, end] = around(afterRoot, '</body>');
  return { head, body, beforeEnd, end: `</body>${end}`, entry: `/${entry.file}`, style };
}

/** A page's whole HTML and the Content-Security-Policy that allows its inline script and style. */
export interface FirstView {
  html: string;
  policy: string;
}

/**
 * Loads the server bundle next to `webDir` (dist/ssr beside dist/web) and the web build's
 * manifest, and answers a function that makes a page's first view, or null for a page the
 * browser draws itself; null at once when the build has no server bundle. `template` is the
 * built index.html; `policy` the app's Content-Security-Policy, to which each first view adds
 * the hashes of its inline script and stylesheet.
 */
export function firstViewRenderer(
  app: FastifyInstance,
  webDir: string,
  template: string,
  clock: Clock,
  policy: string,
): ((url: string) => Promise<FirstView | null>) | null {
  const entryFile = join(dirname(webDir), 'ssr', 'entry-server.js');
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) {
    app.log.warn('no server bundle in the build: pages are drawn by the browser alone');
    return null;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { head, body, beforeEnd, end, entry, style } = firstViewTemplate(
    template,
    manifest,
    webDir,
  );

  const send: ApiSender = async (path) => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json' },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
  // Loaded in the background: React's server renderer and the app are a good part of a start's
  // CPU, and only a page's HTML needs them. The server answers everything else meanwhile, and a
  // page asked for in those first moments waits for them. A bundle that fails to load is logged
  // and each page then comes as the plain app (web-app.ts).
  const loading = import(pathToFileURL(entryFile).href).then((loaded: unknown) => {
    if (!isServerEntry(loaded)) throw new Error(`${entryFile} is not the first view's renderer`);
    return {
      render: loaded.createRenderer(send),
      dataId: loaded.FIRST_VIEW_DATA_ID,
      script: `<script data-entry="${attribute(entry)}">${loaded.APP_LOADER}</script>`,
      policy: withInlineHashes(policy, {
        scriptHashes: [inlineHash(loaded.APP_LOADER)],
        styleHashes: [inlineHash(style)],
      }),
    };
  });
  loading.catch((error: unknown) => {
    app.log.error({ err: error }, 'the first view renderer did not load');
  });

  return async (url) => {
    const { render, dataId, script, policy: pagePolicy } = await loading;
    // The minute is all the page shows of the time (today's hours), and keeps the bytes, and
    // so the ETag, the same for everyone within it.
    const now = clock.now().getTime();
    const page = await render(url, now - (now % 60_000));
    if (!page) return null;
    return {
      html:
        `${withTitle(head, page.title)}${headFor(manifest, page.modules, page.leadImage)}</head>${body}` +
        `<div id="root">${page.html}</div>` +
        `<script type="application/json" id="${dataId}">${page.dataJson}</script>` +
        `${beforeEnd}${script}${end}`,
      policy: pagePolicy,
    };
  };
}
