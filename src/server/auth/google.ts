import type { JWTVerifyGetKey } from 'jose';
import { isPlainText, stripInvisible } from '../../domain';
import type { AppConfig } from '../config';

/** What a verified Google ID token tells us; only these values are ever used. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string;
}

/** The token is not acceptable (signature, audience, issuer, expiry, claims): answer 401. */
export class GoogleTokenRejected extends Error {
  override name = 'GoogleTokenRejected';
}

/** Google's keys could not be fetched: not the caller's fault, answer 503. */
export class GoogleUnavailable extends Error {
  override name = 'GoogleUnavailable';
}

/**
 * Verifies Google ID tokens against the key set at `jwksUrl` (jose fetches and caches it, and
 * refetches when a token names an unknown key). Audience must be our client id and the issuer
 * one of the configured issuers; expiry, subject, email and a verified email are required.
 * The key-set URL and issuers are configuration so tests verify tokens from a local key server
 * through this same code.
 */
export function createGoogleVerifier(google: AppConfig['google'] & { clientId: string }) {
  let keys: JWTVerifyGetKey | undefined;

  return async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
    // Loaded with the first token rather than at start: start-up pays only for what it serves.
    const { createRemoteJWKSet, errors, jwtVerify } = await import('jose');
    keys ??= createRemoteJWKSet(new URL(google.jwksUrl));
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        audience: google.clientId,
        issuer: google.issuers,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub', 'email'],
      }));
    } catch (error) {
      if (
        error instanceof errors.JWKSTimeout ||
        error instanceof errors.JWKSInvalid ||
        !(error instanceof errors.JOSEError)
      ) {
        throw new GoogleUnavailable('Could not fetch the Google key set', { cause: error });
      }
      throw new GoogleTokenRejected(error.message, { cause: error });
    }
    const { sub, email, email_verified: emailVerified, name } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || email === '') {
      throw new GoogleTokenRejected('The token lacks a subject or an email');
    }
    if (emailVerified !== true) throw new GoogleTokenRejected('The email is not verified');
    // Signed claims are still text from elsewhere: nothing Postgres cannot store (NUL).
    if (!isPlainText(sub) || !isPlainText(email)) {
      throw new GoogleTokenRejected('The token has control characters in its subject or email');
    }
    const displayName =
      typeof name === 'string'
        ? // Code points, not graphemes, on purpose: isPlainText judges single code points (a
          // control character or a lone surrogate), and a grapheme keeps its other parts.
          // eslint-disable-next-line @typescript-eslint/no-misused-spread
          stripInvisible([...name].filter((char) => isPlainText(char)).join('')).trim()
        : '';
    return {
      subject: sub,
      email,
      name: (displayName || email.split('@')[0] || email).slice(0, 100),
    };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
