/**
 * The first view of a catalogue page, rendered here (decision 14): the built index.html with
 * the page's HTML in `<div id="root">`, its loader data for the browser's router, and in the
 * head what the page needs next (its screen's chunks as modulepreload, their CSS, its lead
 * image at high priority), so the browser paints before any JavaScript runs and then fetches
 * nothing in a chain.
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

/** What dist/ssr/entry-server.js's renderer answers (src/web/entry-server.tsx). */
interface RenderedPage {
  html: string;
  dataJson: string;
  modules: string[];
  leadImage: string | null;
}
type Render = (url: string, renderedAt: number) => Promise<RenderedPage | null>;
type ApiSender = (path: string, init: RequestInit) => Promise<Response>;
interface ServerEntry {
  FIRST_VIEW_DATA_ID: string;
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
  typeof module.FIRST_VIEW_DATA_ID === 'string';

/** Every chunk `key` needs: itself and what it imports, transitively. */
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

/**
 * Starts the app once the server's HTML is on the screen: the module preloads the page named
 * (`<meta name="app-modules">`) and the entry (the script's `data-entry`) are asked for when
 * the browser reports the first paint (a `paint` performance entry: the frame is on the
 * screen; a task after the first frame's own work still came before that, now and then, in
 * software-drawn Chromium). Asked for from the head, as Vite writes it, the 100 KB of
 * JavaScript shared a slow phone's connection with the document's own end and the lead image,
 * and the first paint waited for the bytes. A hidden tab paints nothing, so it starts at once;
 * a browser without paint entries starts a task after the first frame; none waits more than a
 * second.
 *
 * It first marks `<html>` when no order type is stored (key `orderType`,
 * `web/shared/storage.ts`; storage that throws counts as none), before the first paint, as it
 * runs when the parser reaches the end of the body: the chooser the server drew then shows in
 * that paint (`order-type-dialog.css`). It marks it `data-cart-stored` when the browser holds a
 * guest's cart (key `cart`, removed when the cart empties): the cart screen's closed-store note,
 * which the server draws while the cart is still unknown to it, shows in that paint only then
 * (`cart.css`).
 *
 * Then it holds every tap on a button until the app has started (`<html data-hydrated>`):
 * the server's buttons look ready but do nothing without the app, and a list's Add would
 * submit its form the browser's way, reloading the page. A held tap is kept on
 * `window.heldTaps`, and the app clicks each of those buttons again once it is the page's
 * (`replayHeldTaps` in web/main.tsx): a customer on a slow phone who taps Add, or Pickup in the
 * chooser, while the code is still arriving gets what they tapped for, a moment later.
 *
 * Constant text (what varies sits in attributes), so one hash in the page's
 * Content-Security-Policy allows it.
 */
export const APP_LOADER =
  "(function(r){var t=null,c=null;try{t=localStorage.getItem('orderType');" +
  "c=localStorage.getItem('cart');}catch(x){}" +
  "if(t!=='pickup'&&t!=='delivery')r.setAttribute('data-choose-order-type','');" +
  "if(c)r.setAttribute('data-cart-stored','');})(document.documentElement);" +
  "(function(d){var h=window.heldTaps=[];d.addEventListener('click',function(e){" +
  "if(d.documentElement.hasAttribute('data-hydrated'))return;" +
  "var b=e.target instanceof Element?e.target.closest('button'):null;" +
  'if(!b||b.disabled)return;e.preventDefault();h.push(b);},true);})(document);' +
  '(function(s){var done=false,o=null;function go(){if(done)return;done=true;' +
  'if(o)o.disconnect();' +
  'var m=document.querySelector(\'meta[name="app-modules"]\');' +
  "var h=m&&m.content?m.content.split(' '):[];" +
  "for(var i=0;i<h.length;i++){var l=document.createElement('link');l.rel='modulepreload';" +
  "l.crossOrigin='';l.href=h[i];document.head.appendChild(l);}" +
  "var e=document.createElement('script');e.type='module';e.crossOrigin='';" +
  'e.src=s.dataset.entry;document.head.appendChild(e);}' +
  "if(document.visibilityState==='hidden'){go();return;}" +
  'setTimeout(go,1000);' +
  'var p=window.PerformanceObserver;' +
  "if(p&&p.supportedEntryTypes&&p.supportedEntryTypes.indexOf('paint')>=0){" +
  "o=new p(function(){go();});o.observe({type:'paint',buffered:true});}" +
  'else requestAnimationFrame(function(){setTimeout(go,0);});})(document.currentScript);';

/** A CSP source allowing exactly this inline script or style. */
export const inlineHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const attribute = (value: string) => value.replace(/&(?!amp;)/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The head's additions for `modules` (the matched screens): the chunks they need that the
 * entry does not already bring (for APP_LOADER to preload with the entry), a stylesheet for
 * each CSS file the entry's does not hold (the server's HTML needs them to look right), and the
 * lead image's preload.
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

/**
 * Renders first views: `render` answers a page's whole HTML, or null for a page the browser
 * draws itself (the SPA's index.html then); `inline` is what the page's Content-Security-Policy
 * must allow of the inline script and style every first view carries.
 */
export interface FirstViewRenderer {
  render: (url: string) => Promise<string | null>;
  inline: { scriptHashes: string[]; styleHashes: string[] };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/**
 * index.html's head made for a first view: the entry's stylesheet inline (24 KB, 5.5 KB as
 * brotli; a request less before the first paint, which on a phone's connection is a round trip
 * or two) and the entry's script left to APP_LOADER at the end of the body. Throws when the
 * build's head no longer looks as Vite writes it, rather than sending a page without its app.
 */
export function firstViewHead(
  head: string,
  webDir: string,
): { head: string; entry: string; style: string } {
  const script = ENTRY_SCRIPT.exec(head);
  const stylesheet = ENTRY_STYLESHEET.exec(head);
  if (!script?.[1] || !stylesheet?.[1]) {
    throw new Error("index.html's head has no entry script and stylesheet as Vite writes them");
  }
  // A </style> inside the CSS would end the element early; Vite's minified CSS never has one.
  const style = readFileSync(join(webDir, stylesheet[1]), 'utf8');
  if (/<\/style/i.test(style)) throw new Error(`${stylesheet[1]} cannot be inlined`);
  return {
    head: head.replace(script[0], '').replace(stylesheet[0], () => `<style>${style}</style>`),
    entry: script[1],
    style,
  };
}

/**
 * Loads the server bundle next to `webDir` (dist/ssr beside dist/web) and the web build's
 * manifest, and answers a function that makes the whole HTML of a page, or null for a page the
 * browser draws itself; null at once when the build has no server bundle. `template` is the
 * built index.html.
 */
export function firstViewRenderer(
  app: FastifyInstance,
  webDir: string,
  template: string,
  clock: Clock,
): FirstViewRenderer | null {
  const entryFile = join(dirname(webDir), 'ssr', 'entry-server.js');
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) {
    app.log.warn('no server bundle in the build: pages are drawn by the browser alone');
    return null;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

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
  // Loaded in the background: React's server renderer and the app are some 200 ms of a start's
  // CPU, and only a page's HTML needs them. The server answers everything else meanwhile, and a
  // page asked for in those first moments waits for them. A bundle that fails to load is logged
  // and each page then comes as the plain app (web-app.ts).
  const loading = import(pathToFileURL(entryFile).href).then((loaded: unknown) => {
    if (!isServerEntry(loaded)) throw new Error(`${entryFile} is not the first view's renderer`);
    return { render: loaded.createRenderer(send), dataId: loaded.FIRST_VIEW_DATA_ID };
  });
  loading.catch((error: unknown) => {
    app.log.error({ err: error }, 'the first view renderer did not load');
  });
  const [beforeRoot, afterRoot] = template.split('<div id="root"></div>');
  if (afterRoot === undefined || !beforeRoot?.includes('</head>')) {
    throw new Error('index.html has no empty <div id="root"></div> after its head');
  }
  const [templateHead, body] = beforeRoot.split('</head>') as [string, string];
  const { head, entry, style } = firstViewHead(templateHead, webDir);
  if (!afterRoot.includes('</body>')) throw new Error('index.html has no </body>');
  const loader = `<script data-entry="${attribute(entry)}">${APP_LOADER}</script>`;
  const end = afterRoot.replace('</body>', () => `${loader}</body>`);

  const renderPage = async (url: string) => {
    const { render, dataId } = await loading;
    // The minute is all the page shows of the time (today's hours), and keeps the bytes, and
    // so the ETag, the same for everyone within it.
    const now = clock.now().getTime();
    const page = await render(url, now - (now % 60_000));
    if (!page) return null;
    return (
      `${head}${headFor(manifest, page.modules, page.leadImage)}</head>${body}` +
      `<div id="root">${page.html}</div>` +
      `<script type="application/json" id="${dataId}">${page.dataJson}</script>${end}`
    );
  };
  return {
    render: renderPage,
    inline: { scriptHashes: [inlineHash(APP_LOADER)], styleHashes: [inlineHash(style)] },
  };
}
