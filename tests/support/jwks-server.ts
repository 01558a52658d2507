import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload, type CryptoKey } from 'jose';
import type { AppConfig } from '../../src/server/config';
import { testConfig } from './test-app';

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.example.com';
export const TEST_GOOGLE_ISSUER = 'https://accounts.google.com';

export interface JwksServer {
  /** The key set's URL, for the app's `google.jwksUrl`. */
  url: string;
  /** The app's `google` configuration for our test client, its keys from here. */
  google: AppConfig['google'];
  /** A token signed with the served key; defaults give a valid Google ID token for our client. */
  signIdToken(claims?: JWTPayload, options?: { key?: CryptoKey; kid?: string }): Promise<string>;
  /** A private key the server does not publish, for bad-signature tests. */
  foreignKey(): Promise<CryptoKey>;
  close(): Promise<void>;
}

const KID = 'test-key-1';

/**
 * A local stand-in for Google's published key set: one RS256 key served as a JWKS from
 * 127.0.0.1 on a free port, and a signer for ID tokens, so social sign-in is tested through the
 * real verification code.
 */
export async function startJwksServer(): Promise<JwksServer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}/certs`;
  return {
    url,
    google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: url, issuers: testConfig().google.issuers },
    async signIdToken(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: TEST_GOOGLE_ISSUER,
        aud: TEST_GOOGLE_CLIENT_ID,
        sub: 'google-subject-1',
        email: 'pat@example.com',
        email_verified: true,
        name: 'Pat Example',
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
        .sign(options.key ?? privateKey);
    },
    async foreignKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The verifier's fetch keeps its connection alive; end it so close() returns now.
        server.closeAllConnections();
      }),
  };
}
