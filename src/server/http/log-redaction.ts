import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a secret or a credential: the reset link's `token` (an admin's
 * link is an admin's session for 30 minutes), anything the auth routes take in a body (password,
 * credential, email) should a client put it in a URL, and the usual names of keys and codes
 * (OAuth's `code` and `state`, `id_token`, `api_key`, a signature). Judged by the decoded name in
 * lower case, so `%74oken` and `Token` are caught too; a harmless name caught by mistake only
 * costs a value in the log.
 */
const SECRET_NAME = /token|passw|secret|credential|code|key|auth|session|sig|email|^sid$|^state$/;

function isSecretName(raw: string): boolean {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A broken escape is judged by its raw text.
  }
  return SECRET_NAME.test(name.toLowerCase());
}

/** A query parameter in a URL or in any text quoting one: `?token=…`, `&code=…`. */
const PARAMETER = /([?&;])([^=&;?#\s"'<>]+)=([^&;#\s"'<>]*)/g;

/**
 * `text` with the value of every secret query parameter replaced by `[redacted]`: a URL as
 * logged, or an error's message and stack that quote one.
 */
export function redactSecrets(text: string): string {
  return text.replace(PARAMETER, (whole, separator: string, name: string) =>
    isSecretName(name) ? `${separator}${name}=[redacted]` : whole,
  );
}

/** True when the URL's query carries a secret (a page opened from a reset mail). */
export function urlCarriesSecret(url: string): boolean {
  return redactSecrets(url) !== url;
}

/**
 * An error as pino's own serializer writes it (its type, message, stack, own fields such as a
 * code or a driver's detail, and its cause), every text in it redacted.
 */
interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function redactedError(error: Error, depth = 0): SerializedError {
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(error)) {
    fields[name] = typeof field === 'string' ? redactSecrets(field) : field;
  }
  const cause: unknown = error.cause;
  return {
    ...fields,
    type: error.name,
    message: redactSecrets(error.message),
    stack: redactSecrets(error.stack ?? ''),
    ...(cause instanceof Error && depth < 5 ? { cause: redactedError(cause, depth + 1) } : {}),
  };
}

/**
 * The logger's serializers (Fastify's own, but without secrets): a request is its method, its
 * URL with secret values redacted, host and address, and never its headers (cookies, an
 * Authorization, an Idempotency-Key); an error's message and stack are redacted the same way,
 * since a message may quote the URL it failed on.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
  err: (error: Error) => redactedError(error),
};
