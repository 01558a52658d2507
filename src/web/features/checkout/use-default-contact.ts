import { useCallback, useEffect, useState } from 'react';
import type { ApiDefaultContact } from '../../shared/types';
import { checkoutApi } from './checkout-api';

export type DefaultContactState =
  { status: 'loading' } | { status: 'ready'; contact: ApiDefaultContact } | { status: 'failed' };

/**
 * The customer's default contact (GET /api/user/{userId}/default-contact), which Checkout starts
 * from. A failure is only logged (spec): the screen then asks for a phone for this order.
 */
export function useDefaultContact(userId: string) {
  const [state, setState] = useState<DefaultContactState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    checkoutApi.defaultContact(userId, controller.signal).then(
      (contact) => setState({ status: 'ready', contact }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the default contact', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [userId]);

  /** After the phone was saved: the server's answer is the contact now. */
  const replace = useCallback((contact: ApiDefaultContact) => {
    setState({ status: 'ready', contact });
  }, []);

  return { state, replace };
}
