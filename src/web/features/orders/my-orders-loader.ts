import type { LoaderFunctionArgs } from 'react-router';
import type { ErrorCode } from '../../../domain/error-codes';
import { ApiError, isAbort } from '../../shared/api';
import { storedUserId } from '../../shared/storage';
import type { ApiOrder } from '../../shared/types';
import { ordersApi } from './orders-api';

/*
 * My Orders' loader, imported by the router with its own code so the orders are asked for while
 * the screen's chunk downloads. Keep it tiny.
 */

export interface MyOrdersData {
  /** Whose orders these are: the stored user's id at load time, null for nobody stored. */
  userId: string | null;
  /** Newest first; null when nobody is stored or the request failed. */
  orders: ApiOrder[] | null;
  /** Why the request failed (the screen says so and offers Try again); null when it did not. */
  failure: { code: ErrorCode; message: string } | null;
}

/*
 * The session is only known for sure after /api/auth/me answers, but the stored user is right
 * nearly always, so the orders start loading with the screen's code. The screen checks that
 * `userId` is the signed-in user and loads again when it is not.
 */

/**
 * A failure is an answer here, not the route's error screen: the screen keeps what it showed
 * (a refresh after a live event must not replace the list) and offers a retry.
 */
export async function myOrdersLoader({ request }: LoaderFunctionArgs): Promise<MyOrdersData> {
  const userId = storedUserId();
  if (!userId) return { userId, orders: null, failure: null };
  try {
    return { userId, orders: await ordersApi.list(userId, request.signal), failure: null };
  } catch (error) {
    if (isAbort(error)) throw error;
    const failure =
      error instanceof ApiError
        ? { code: error.code, message: error.message }
        : { code: 'internal' as const, message: 'Something went wrong on our side.' };
    return { userId, orders: null, failure };
  }
}
