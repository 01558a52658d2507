import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process';
import { Caddy, HttpsClient, caddyMissing } from './caddy';

/**
 * Issue 45, item 1, at the proxy: Caddy's error log names the request it failed on, its URI and
 * its headers, so a reset link opened while the store was down put the link's token in journald
 * (in the URI, and in the Referer of what the page loaded). deploy/Caddyfile filters both out of
 * every line it logs. Here the store is down (nothing listens on the upstream's port), so every
 * request is logged as an error.
 */

if (caddyMissing) console.log(`[deploy] skipped: ${caddyMissing}`);

describe.skipIf(caddyMissing !== null)("Caddy's log (deploy/Caddyfile)", () => {
  let caddy: Caddy;
  let client: HttpsClient;

  beforeAll(async () => {
    caddy = await Caddy.start([await freePort()]);
    client = new HttpsClient(caddy);
  });

  afterAll(async () => {
    client.close();
    await caddy.stop();
  });

  it('holds no reset token, in the URI or in a Referer', async () => {
    const token = 'caddy-reset-token-5b2e9f';
    const answer = await client.send('GET', `/reset-password?lang=en&Token=${token}`, undefined, {
      referer: `https://localhost/reset-password?token=${token}-referer`,
    });
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const deadline = Date.now() + 5_000;
    while (!caddy.log.includes('/reset-password?lang=en') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(caddy.log).toContain('"uri":"/reset-password?lang=en&Token=[redacted]"');
    expect(caddy.log).not.toContain(token);
  });
});
