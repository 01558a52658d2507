/**
 * The first view's one inline script (decision 14), at the end of the body of every page the
 * server draws. The build minifies it into the server bundle (`?inline-script`,
 * scripts/server-bundle.ts) and the page's Content-Security-Policy allows exactly those bytes by
 * their hash, so it must not vary by page: what varies is read from the page (`data-entry`, the
 * `app-modules` meta).
 */
import { readStorage, STORAGE_KEYS } from './shared/storage';

declare global {
  interface Window {
    /** Buttons tapped before the app started, in order. */
    heldTaps?: HTMLButtonElement[];
  }
}

const root = document.documentElement;
const script = document.currentScript;

// Marked before the first paint (the parser runs this before it paints the end of the body), so
// that paint already shows what only this browser knows: the chooser the server drew is shown
// to a first visit only (order-type-dialog.css), the cart's closed-store note only when a guest
// cart is stored (cart.css).
const orderType = readStorage(STORAGE_KEYS.orderType);
if (orderType !== 'pickup' && orderType !== 'delivery') {
  root.setAttribute('data-choose-order-type', '');
}
if (readStorage(STORAGE_KEYS.cart)) root.setAttribute('data-cart-stored', '');

// The server's buttons look ready but do nothing until the app runs, and a list's Add would
// submit its form the browser's way, reloading the page. A tap is held instead, and the app
// clicks the button again once it is the page's (`replayHeldTaps` in main.tsx).
const held: HTMLButtonElement[] = (window.heldTaps = []);
document.addEventListener(
  'click',
  (event) => {
    if (root.hasAttribute('data-hydrated')) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    held.push(button);
  },
  true,
);

// The app's JavaScript is asked for once the first frame is on the screen: asked for from the
// head, it shares a phone's connection with the document and the lead image, and the first
// paint waits for it. The screen's chunks are preloaded with the entry, so nothing is fetched in
// a chain. A hidden tab paints nothing and starts at once; no page waits more than a second.
let started = false;
let observer: PerformanceObserver | null = null;
function start() {
  if (started) return;
  started = true;
  observer?.disconnect();
  const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content;
  for (const href of modules ? modules.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = script instanceof HTMLScriptElement ? (script.dataset.entry ?? '') : '';
  document.head.appendChild(entry);
}

if (document.visibilityState === 'hidden') {
  start();
} else {
  setTimeout(start, 1000);
  if (
    'PerformanceObserver' in window &&
    PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    observer = new PerformanceObserver(start);
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // A task after the first frame: the nearest this browser tells of a paint.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}
