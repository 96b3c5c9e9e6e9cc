import { useEffect, useState } from 'react';

/**
 * An index that moves on to the next of `count` every `intervalMs` while `running`; `set` picks
 * one by hand. Reduced motion changes how a change looks, not whether it happens.
 */
export function useRotation(count: number, intervalMs: number, running = true) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, running]);
  return [index, setIndex] as const;
}
