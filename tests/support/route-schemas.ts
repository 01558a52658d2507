import { z } from 'zod';

/**
 * The input schemas of every route, as the running app compiles them: a test file wraps the
 * app's validator compiler (`vi.mock` of `src/server/http/zod-provider`, see
 * `recordingValidatorCompiler`) and Fastify hands it each route's params, querystring, body and
 * headers schema while the app starts. The fuzzer draws its structurally plausible inputs from
 * them, so a new route's input is known without anyone writing it down.
 */

export type HttpPart = 'params' | 'querystring' | 'body' | 'headers';

/** A schema as JSON Schema (draft 2020-12), of the input side: what a client sends. */
export type JsonSchema = { [key: string]: unknown };

export type RouteSchemas = Partial<Record<HttpPart, JsonSchema>>;

const recorded = new Map<string, RouteSchemas>();

interface CompiledRoute {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
}

function isHttpPart(part: string | undefined): part is HttpPart {
  return part === 'params' || part === 'querystring' || part === 'body' || part === 'headers';
}

/** Remembers one route part's schema as JSON Schema (what zod can express of it). */
export function recordRouteSchema(route: CompiledRoute): void {
  if (!route.method || !route.url || !isHttpPart(route.httpPart)) return;
  if (!(route.schema instanceof z.ZodType)) return;
  let json: JsonSchema;
  try {
    // The input side: a pipe's transform is left out, a refinement's rule is not expressible.
    json = z.toJSONSchema(route.schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    json = {};
  }
  const key = `${route.method} ${route.url}`;
  recorded.set(key, { ...recorded.get(key), [route.httpPart]: json });
}

/** The validator compiler of the app, recording each schema it compiles. */
export function recordingValidatorCompiler<R extends CompiledRoute, T>(
  actual: (route: R) => T,
): (route: R) => T {
  return (route) => {
    recordRouteSchema(route);
    return actual(route);
  };
}

/** What was recorded for "METHOD /path" (empty when the route declares no input schema). */
export function routeSchemas(key: string): RouteSchemas {
  return recorded.get(key) ?? {};
}

/** How many route parts were recorded (a sanity check that the recorder was installed). */
export function recordedRouteCount(): number {
  return recorded.size;
}
