/**
 * zod as the domain's schema modules use it: import `z` from here, never from 'zod' directly.
 *
 * zod compiles a fast parser for each object schema with `new Function`, probing once whether it
 * may. Under the web app's Content-Security-Policy (no 'unsafe-eval') the probe is refused, and
 * the browser reports a violation even though zod catches it and parses without. In the browser
 * zod is therefore told up front not to try; this must run before any object schema is built,
 * which importing `z` from this module guarantees. The server has no such policy and keeps the
 * faster parser.
 */
import { z } from 'zod';

z.config({ jitless: typeof document !== 'undefined' });

export { z };
