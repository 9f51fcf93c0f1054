import { useEffect, useState } from 'react';

/** Seconds left, counting down to 0 once set; `onOver` when a countdown reaches 0. */
export function useCountdown(onOver: () => void): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const t = setTimeout(() => {
      setLeft((n) => n - 1);
      if (left === 1) onOver();
    }, 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, setLeft];
}
