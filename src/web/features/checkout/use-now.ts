import { useEffect, useState } from 'react';

/**
 * The browser's clock, read again every `everyMs`: the time picker drops a slot once it is too
 * soon for the kitchen, even on a page left open.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
