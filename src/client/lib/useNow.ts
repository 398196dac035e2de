import { useState } from 'react';
import { systemClock } from './clock.ts';

/** "Now" for relative times, read once when the component mounts (never at module load). */
export function useNow(): Date {
  const [now] = useState(() => systemClock.now());
  return now;
}
