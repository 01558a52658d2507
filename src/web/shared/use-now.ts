import { useEffect, useState } from 'react';

/**
 * The browser's clock, read again every `everyMs`: the checkout's time slots drop the ones that
 * became too soon, the staff board's countdowns tick each second.
 */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
