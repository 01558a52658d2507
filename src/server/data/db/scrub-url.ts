/** host:port/database, never the user or password. */
export function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/** Keeps the password out of a message even if a driver ever echoes the URL. */
export function scrub(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return message;
  }
  return password ? message.split(password).join('***') : message;
}
