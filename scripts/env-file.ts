/**
 * The store's env file (deploy/pizza-store.env, installed as /etc/pizza-store.env) as systemd's
 * EnvironmentFile reads it: `KEY=VALUE` lines, `#` and `;` comments, a value in quotes unquoted.
 * Doctor reads the template's examples with it, the deploy tests what a unit's process gets.
 */

/** The settings in `text`; `commented`: the commented-out lines' too (a template's defaults). */
export function readEnvFile(text: string, commented = false): Record<string, string> {
  const settings: Record<string, string> = {};
  const line = commented
    ? /^\s*#?\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/
    : /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
  for (const raw of text.split('\n')) {
    const match = line.exec(raw);
    if (!match?.[1]) continue;
    const value = (match[2] ?? '').trim();
    settings[match[1]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return settings;
}
