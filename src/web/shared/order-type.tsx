import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useHydrated } from './first-render';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Pickup or delivery, and the delivery address, kept under the spec's `orderType` and
 * `orderAddress` keys. The edit button clears both so the chooser opens again. Beside them, the
 * order's time (`orderAt`: a scheduled slot as ISO text, absent for as soon as possible), chosen
 * at checkout or on an item's screen and read by both; changing pickup or delivery keeps it.
 */
export type OrderType = 'pickup' | 'delivery';

interface OrderTypeState {
  orderType: OrderType | null;
  address: string | null;
  /** The chosen slot (ISO), or null for as soon as possible; a slot that has passed reads null. */
  orderAt: string | null;
  choose: (type: OrderType, address?: string) => void;
  /** A slot's ISO text, or null for as soon as possible. */
  chooseTime: (slot: string | null) => void;
  clear: () => void;
}

const OrderTypeContext = createContext<OrderTypeState>({
  orderType: null,
  address: null,
  orderAt: null,
  choose: () => undefined,
  chooseTime: () => undefined,
  clear: () => undefined,
});

function storedType(): OrderType | null {
  const value = readStorage(STORAGE_KEYS.orderType);
  return value === 'pickup' || value === 'delivery' ? value : null;
}

export function OrderTypeProvider({ children }: { children: ReactNode }) {
  const [orderType, setOrderType] = useState<OrderType | null>(storedType);
  const [address, setAddress] = useState<string | null>(() =>
    readStorage(STORAGE_KEYS.orderAddress),
  );
  const [orderAt, setOrderAt] = useState<string | null>(() => readStorage(STORAGE_KEYS.orderAt));

  const choose = useCallback((type: OrderType, deliveryAddress?: string) => {
    const nextAddress = type === 'delivery' ? (deliveryAddress ?? null) : null;
    writeStorage(STORAGE_KEYS.orderType, type);
    writeStorage(STORAGE_KEYS.orderAddress, nextAddress);
    setOrderType(type);
    setAddress(nextAddress);
  }, []);

  const chooseTime = useCallback((slot: string | null) => {
    writeStorage(STORAGE_KEYS.orderAt, slot);
    setOrderAt(slot);
  }, []);

  const clear = useCallback(() => {
    writeStorage(STORAGE_KEYS.orderType, null);
    writeStorage(STORAGE_KEYS.orderAddress, null);
    setOrderType(null);
    setAddress(null);
  }, []);

  // The server does not know what this browser stored: until hydrated, draw what it drew.
  const hydrated = useHydrated();
  // A time that has passed is no longer a choice: as soon as possible, as a new visit would be.
  const at = hydrated && orderAt !== null && Date.parse(orderAt) > Date.now() ? orderAt : null;
  return (
    <OrderTypeContext.Provider
      value={{
        orderType: hydrated ? orderType : null,
        address: hydrated ? address : null,
        orderAt: at,
        choose,
        chooseTime,
        clear,
      }}
    >
      {children}
    </OrderTypeContext.Provider>
  );
}

export function useOrderType(): OrderTypeState {
  return useContext(OrderTypeContext);
}
