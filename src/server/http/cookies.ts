import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const { parse, serialize } = fastifyCookie;

/**
 * `request.cookies`, `reply.setCookie` and `reply.clearCookie` (the API @fastify/cookie's types
 * declare), without the plugin's two hooks: it parsed the Cookie header on every request and
 * ran an onSend hook on every answer, which the catalogue's reads (no cookie wanted) paid for
 * too. Here the header is parsed the first time a route asks, and a cookie is written into
 * Set-Cookie when it is set.
 */
export function cookies(app: FastifyInstance): void {
  const parsed = new WeakMap<FastifyRequest, Record<string, string | undefined>>();
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      let found = parsed.get(this);
      if (!found) {
        const header = this.headers.cookie;
        found = header ? parse(header) : {};
        parsed.set(this, found);
      }
      return found;
    },
  });
  app.decorateReply(
    'setCookie',
    function (
      this: FastifyReply,
      name: string,
      value: string,
      options: CookieSerializeOptions = {},
    ) {
      return setCookie(this, name, value, options);
    },
  );
  app.decorateReply(
    'clearCookie',
    function (this: FastifyReply, name: string, options: CookieSerializeOptions = {}) {
      return setCookie(this, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
    },
  );
}

/** One Set-Cookie line per cookie name: setting a cookie twice in one answer keeps the last. */
function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  { secure, signed, ...options }: CookieSerializeOptions,
): FastifyReply {
  // Nothing of ours signs a cookie (the device cookie carries its own MAC): say so, not ignore it.
  if (signed) throw new Error('Signed cookies are not supported.');
  const line = serialize(name, value, {
    sameSite: 'lax',
    ...options,
    secure: secure === 'auto' ? reply.request.protocol === 'https' : secure,
  });
  const existing = reply.getHeader('set-cookie');
  const lines = existing === undefined ? [] : [existing].flat().map(String);
  const others = lines.filter((other) => !other.startsWith(`${name}=`));
  reply.removeHeader('set-cookie');
  return reply.header('set-cookie', [...others, line]);
}
