/**
 * What the test clients over real sockets share (the fault suite's `Client`, the deploy tests'
 * `HttpsClient`): `send` answers whatever status came; `ok` insists on one.
 */
export abstract class JsonClient {
  abstract send(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;

  /** Like `send`, but a status other than `expected` throws with the answer. */
  async ok<Body = unknown>(
    method: string,
    path: string,
    body?: unknown,
    expected = 200,
  ): Promise<Body> {
    const answer = await this.send(method, path, body);
    if (answer.status !== expected) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    // The caller names the shape it expects of a 2xx, as with `send`.
    return answer.body as Body;
  }
}
