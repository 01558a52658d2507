import type { FastifyHelmetOptions } from '@fastify/helmet';
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
 * GOOGLE_MAPS_API_KEY). No inline script or style anywhere: Vite emits files, and React sets
 * styles through the CSSOM, which style-src does not govern.
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
    'frame-src': google ? [GOOGLE_IDENTITY] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // Over plain http (development, tests) upgrading would break every request to the app itself.
  if (config.env === 'production') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet's headers with our policy: no framing, no sniffing, the origin only as referrer. */
export function securityHeaders(config: AppConfig): FastifyHelmetOptions {
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
