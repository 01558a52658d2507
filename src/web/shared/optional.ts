import { isAbort } from './api';

/**
 * For data a screen works without: the answer, or null (logged) when it failed. A cancelled
 * request still throws, so the router drops the navigation as it should.
 */
export async function optional<T>(request: Promise<T>, what: string): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isAbort(error)) throw error;
    console.warn(`Could not load ${what}`, error);
    return null;
  }
}
