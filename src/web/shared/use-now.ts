import { useEffect, useState } from 'react';
import { useRenderTime } from './first-render';

/**
 * The browser's clock, read again every `everyMs`: the checkout's time slots drop the ones that
 * became too soon, the staff board's countdowns tick each second. While the server's first view
 * is being hydrated it is the server's clock at render time, so both draw the same hours.
 */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  const renderedAt = useRenderTime();
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return renderedAt !== null ? new Date(renderedAt) : now;
}
