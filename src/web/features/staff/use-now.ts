import { useEffect, useState } from 'react';

/** The browser's clock, read again every `everyMs` (the acceptance countdown ticks each second). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
