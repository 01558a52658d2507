import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's heading when the screen opens, so keyboard and screen reader users
 * start at the new content instead of wherever the previous page left them.
 */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
