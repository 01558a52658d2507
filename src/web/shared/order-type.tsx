import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useHydrated } from './first-render';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Pickup or delivery, and the delivery address, kept under the spec's `orderType` and
 * `orderAddress` keys. The edit button clears both so the chooser opens again.
 */
export type OrderType = 'pickup' | 'delivery';

interface OrderTypeState {
  orderType: OrderType | null;
  address: string | null;
  choose: (type: OrderType, address?: string) => void;
  clear: () => void;
}

const OrderTypeContext = createContext<OrderTypeState>({
  orderType: null,
  address: null,
  choose: () => undefined,
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

  const choose = useCallback((type: OrderType, deliveryAddress?: string) => {
    const nextAddress = type === 'delivery' ? (deliveryAddress ?? null) : null;
    writeStorage(STORAGE_KEYS.orderType, type);
    writeStorage(STORAGE_KEYS.orderAddress, nextAddress);
    setOrderType(type);
    setAddress(nextAddress);
  }, []);

  const clear = useCallback(() => {
    writeStorage(STORAGE_KEYS.orderType, null);
    writeStorage(STORAGE_KEYS.orderAddress, null);
    setOrderType(null);
    setAddress(null);
  }, []);

  // The server does not know what this browser stored: until hydrated, draw what it drew.
  const hydrated = useHydrated();
  return (
    <OrderTypeContext.Provider
      value={{
        orderType: hydrated ? orderType : null,
        address: hydrated ? address : null,
        choose,
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
