import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '../../../domain';
import { useNotice } from '../notices';
import { useOrderType } from '../order-type';
import { cartApi, type NewCartItem, type ServerCart } from './cart-api';
import { linePayload, serverFigures, serverLine } from './cart-lines';
import { readLocalCart, rememberedTip, rememberTip, withoutLocalIds } from './local-cart';
import type { CartStore } from './cart-store';
import type { GuestCartStore } from './guest-cart-store';

/**
 * The signed-in customer's cart, kept and priced by the server. On sign-in a non-empty guest
 * cart is merged into it first: every line the server takes goes in, each one it refuses is
 * told to the customer, and the local copy is cleared only once the server has answered (a
 * failed merge keeps it for the next sign-in). The guest's tip choice carries over.
 * Idle (loading, no calls) while `userId` is null.
 */
export function useServerCartStore(
  userId: string | null,
  guest: Pick<GuestCartStore, 'tipPercent' | 'clear'>,
): CartStore {
  const notify = useNotice();
  const [server, setServer] = useState<{ userId: string; cart: ServerCart } | null>(null);
  const [failed, setFailed] = useState(false);
  const syncing = useRef<string | null>(null);
  // Read at sign-in only: the effect must not run again when the guest changes the tip.
  const guestTip = useRef(guest.tipPercent);
  useEffect(() => {
    guestTip.current = guest.tipPercent;
  }, [guest.tipPercent]);
  const { clear: clearGuest } = guest;
  // The order's chosen time goes with every line added, so a lunch special held for Monday noon
  // is judged at Monday noon; read through a ref, since a new time must not merge again.
  const { orderAt } = useOrderType();
  const orderTime = useRef(orderAt);
  useEffect(() => {
    orderTime.current = orderAt;
  }, [orderAt]);

  // Answers can land out of order (the first load's GET behind an Add's POST): an answer to a
  // request sent before the one whose answer was last shown is older than what is on screen.
  const sent = useRef(0);
  const shown = useRef(0);
  const answer = useCallback((id: string) => {
    const order = ++sent.current;
    return (cart: ServerCart) => {
      if (order < shown.current) return;
      shown.current = order;
      setServer({ userId: id, cart });
    };
  }, []);

  const load = useCallback(
    async (id: string) => {
      const show = answer(id);
      show(await cartApi.get(id));
      setFailed(false);
    },
    [answer],
  );

  useEffect(() => {
    if (!userId) {
      setServer(null);
      return;
    }
    // One sync per sign-in, even if the effect runs twice (StrictMode) while a merge is on its way.
    if (syncing.current === userId) return;
    syncing.current = userId;
    const sync = async () => {
      const local = readLocalCart();
      if (local.length > 0) {
        // Never all-or-nothing: the server merges what it can and names each line it refused.
        const merged = await cartApi.merge(userId, withoutLocalIds(local), orderTime.current);
        clearGuest();
        if (merged.skipped.length > 0) {
          notify(
            'Not added from your earlier cart:',
            'error',
            merged.skipped.map((line) => `${line.name}: ${line.reason}`).join('; '),
          );
        }
        // The tip the guest chose carries over, so the totals stay what they saw.
        if (merged.tipPercent !== guestTip.current) {
          await cartApi.updateTip(userId, guestTip.current);
        }
      }
      await load(userId);
    };
    sync()
      .catch((error: unknown) => {
        console.warn('Could not load the cart', error);
        setFailed(true);
      })
      .finally(() => {
        syncing.current = null;
      });
  }, [userId, load, clearGuest, notify]);

  const current = userId && server?.userId === userId ? server.cart : null;

  const add = useCallback(
    async (_product: Product, item: NewCartItem) => {
      if (!userId) return;
      const show = answer(userId);
      const cart = await cartApi.add(userId, item, orderTime.current);
      // A cart's first line: its tip starts at the customer's last choice, or none, not at the
      // spec's default the server gives a new cart. Judged by the answer, not by `current`: an
      // Add right after sign-in can come before the cart's first load. The server merges an
      // equal line into the one it has, so one line of exactly this quantity means it was empty.
      const tip = rememberedTip();
      const firstLine = cart.items.length === 1 && cart.items[0]?.quantity === item.quantity;
      if (firstLine && cart.tipPercent !== tip) {
        show({ ...cart, ...(await cartApi.updateTip(userId, tip)) });
      } else {
        show(cart);
      }
    },
    [userId, answer],
  );

  const setQuantity = useCallback(
    async (lineId: string, quantity: number) => {
      if (!userId) return;
      await cartApi.setQuantity(userId, lineId, quantity);
      await load(userId);
    },
    [userId, load],
  );

  const remove = useCallback(
    async (lineId: string) => {
      const removed = current?.items.find((item) => item._id === lineId);
      if (userId) {
        await cartApi.remove(userId, lineId);
        await load(userId);
      }
      return async () => {
        if (!userId || !removed) return;
        // Added again with its options: the server checks and prices it as any new line.
        const show = answer(userId);
        show(await cartApi.add(userId, linePayload(removed), orderTime.current));
      };
    },
    [userId, load, current, answer],
  );

  const setTip = useCallback(
    async (percent: number) => {
      if (!userId || !current) return;
      const show = answer(userId);
      rememberTip(percent);
      const figures = await cartApi.updateTip(userId, percent);
      show({ ...current, ...figures });
    },
    [userId, current, answer],
  );

  const refresh = useCallback(async () => {
    if (userId) await load(userId);
  }, [userId, load]);

  return useMemo<CartStore>(
    () => ({
      count: (current?.items ?? []).reduce((sum, item) => sum + item.quantity, 0),
      lines: (current?.items ?? []).map(serverLine),
      figures: current ? serverFigures(current) : null,
      status: failed && !current ? 'error' : current ? 'ready' : 'loading',
      add,
      setQuantity,
      remove,
      setTip,
      refresh,
    }),
    [current, failed, add, setQuantity, remove, setTip, refresh],
  );
}
