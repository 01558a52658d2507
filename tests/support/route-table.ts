import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * The API's route table as the running app knows it, shared by the robustness suite (access
 * matrix, hostile-input sweep) and the fuzzer: neither keeps a list of its own, so a route added
 * to the app is found by both.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The API's routes as the running app knows them ("GET /api/cart/:userId"), HEAD left out. */
export function routesOfApp(app: FastifyInstance): string[] {
  // printRoutes draws a tree: "│   ├── /segment (GET, HEAD)"; four columns per level.
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD' && path.startsWith('/api/')) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

/** "GET /api/cart/:userId" as its method and path. */
export function splitRoute(key: string): { method: Method; path: string } {
  const [method, path] = key.split(' ');
  return { method: method as Method, path: path ?? '' };
}

/** The `:name` parameters of a route's path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/**
 * A streaming route's answer made readable like any other: an error is read whole; an event
 * stream up to its first frame (its first blank line), after which the connection is dropped,
 * which is what ends a stream on the server. For a request injected with `payloadAsStream`.
 */
export async function settleStream(
  response: LightMyRequestResponse,
): Promise<LightMyRequestResponse> {
  const streaming = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  let text = '';
  for await (const chunk of response.stream() as AsyncIterable<Buffer>) {
    text += chunk.toString();
    if (streaming && text.includes('\n\n')) break;
  }
  if (streaming) response.raw.res.destroy();
  return Object.assign(response, {
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    json: () => JSON.parse(text) as unknown,
  });
}
