import { useState } from 'react';

/** "Now" for relative times, read once when the component mounts (never at module load). */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
