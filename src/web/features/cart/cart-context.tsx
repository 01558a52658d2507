import { createContext, useContext, type ReactNode } from 'react';

/** The cart: a guest's in local storage, a signed-in customer's on the server (issue 4). */
interface CartState {
  /** Number of items (sum of quantities) for the nav link. */
  count: number;
}

const CartContext = createContext<CartState>({ count: 0 });

export function CartProvider({ children }: { children: ReactNode }) {
  return <CartContext.Provider value={{ count: 0 }}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}
