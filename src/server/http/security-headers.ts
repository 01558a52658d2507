import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/**
 * Google Identity Services, as its CSP guide lists it: the script, its button's stylesheet, the
 * frame and the calls it makes. The web app's adapter (`features/account/google-sign-in.tsx`)
 * loads `${GOOGLE_IDENTITY}client`; change both together.
 */
const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';
/** The Maps JavaScript API's script and its calls (address autocomplete). */
const GOOGLE_MAPS = 'https://maps.googleapis.com';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy the web app runs under: our own origin only, plus Google's hosts
 * only for what this deployment turned on (sign-in with GOOGLE_CLIENT_ID, autocomplete with
 * GOOGLE_MAPS_API_KEY). No inline script or style, with one exception: a first view's HTML
 * (decision 14) carries its stylesheet and a small loader inline, and its own answer allows
 * exactly those by hash (`withInlineHashes`). React sets styles through the CSSOM, which
 * style-src does not govern.
 */
function contentSecurityPolicy(config: AppConfig): Directives {
  const google = config.google.clientId !== null;
  const maps = config.mapsApiKey !== null;
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(google ? [`${GOOGLE_IDENTITY}client`] : []),
      ...(maps ? [GOOGLE_MAPS] : []),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(google ? [`${GOOGLE_IDENTITY}style`] : [])],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(google ? [GOOGLE_IDENTITY] : []), ...(maps ? [GOOGLE_MAPS] : [])],
    // 'self': the admin's Outbox frames a mail's HTML (GET /api/staff/outbox/:id/html, its own
    // sandboxed policy); no other page of ours allows being framed (frame-ancestors 'none').
    'frame-src': ["'self'", ...(google ? [GOOGLE_IDENTITY] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // Over plain http (development, tests) upgrading would break every request to the app itself.
  if (config.env === 'production') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet's options with our policy: no framing, no sniffing, the origin only as referrer. */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in popup must be able to hand the credential back to the page that opened it.
    crossOriginOpenerPolicy: {
      policy: config.google.clientId !== null ? 'same-origin-allow-popups' : 'same-origin',
    },
    // HTTPS only once deployed; a developer's http://localhost must not be pinned to https.
    strictTransportSecurity: config.env === 'production',
  };
}

/**
 * The headers helmet sets with these options, as [name, value] pairs in its order and spelling.
 * They depend on the configuration alone, so helmet runs once, against a response that only
 * records: per request it would rebuild its whole middleware, the policy's parsing included
 * (a quarter of the catalogue's time under load). Its only other act, removing X-Powered-By, has
 * nothing to remove here (neither node nor Fastify sets that header); any other use of the
 * response would throw here, at start, not pass unnoticed.
 */
export function securityHeaderValues(config: AppConfig): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string`);
      headers.push([name, value]);
    },
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}`);
    },
  };
  helmet(helmetOptions(config))(
    {} as unknown as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      // Helmet 8 throws its errors; older versions handed them here.
      if (error instanceof Error) throw error;
    },
  );
  return headers;
}

/** The Content-Security-Policy header's value for `config`, as every answer carries it. */
export function contentSecurityPolicyValue(config: AppConfig): string {
  const pair = securityHeaderValues(config).find(
    ([name]) => name.toLowerCase() === 'content-security-policy',
  );
  if (!pair) throw new Error('helmet set no Content-Security-Policy');
  return pair[1];
}

/**
 * `policy` that also allows the inline scripts and styles with these hashes (`'sha256-…'`
 * sources): for a page that carries them, never for the rest of the app.
 */
export function withInlineHashes(
  policy: string,
  inline: { scriptHashes: string[]; styleHashes: string[] },
): string {
  const added: Record<string, string[]> = {
    'script-src': inline.scriptHashes,
    'style-src': inline.styleHashes,
  };
  return policy
    .split(';')
    .map((directive) => {
      const extra = added[directive.trim().split(/\s+/)[0] ?? ''] ?? [];
      return extra.length > 0 ? `${directive} ${extra.join(' ')}` : directive;
    })
    .join(';');
}

/**
 * Puts the security headers (`securityHeaderValues`) on every answer: one synchronous onRequest
 * hook, added before all others (behind a proxy, after the connection's charge), so refusals,
 * 404s, 304s, static files and the event streams (which write to the raw
 * response) carry them too. Set on the raw response, as helmet did, so an answer that sets one
 * of them itself still replaces it rather than repeating it.
 */
export function securityHeaders(
  app: FastifyInstance,
  headers: ReadonlyArray<readonly [string, string]>,
): void {
  const byName = Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(byName);
    done();
  });
}
