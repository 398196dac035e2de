import { type ReactNode, type RefObject, useEffect, useState } from 'react';

/** Whether the element has scrolled out of view above the viewport. */
function useScrolledAway(target: RefObject<HTMLElement | null>): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAway(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return away;
}

/** GitLab's sticky header: the state, badges and title stay in sight once the title scrolls away. */
export function StickyTitle({
  titleRef,
  badges,
  title,
}: {
  titleRef: RefObject<HTMLElement | null>;
  badges: ReactNode;
  title: string;
}) {
  const away = useScrolledAway(titleRef);
  if (!away) return null;
  return (
    <div className="issuable-sticky-header" data-testid="issuable-sticky-header">
      <div className="issuable-sticky-inner">
        {badges}
        <span className="issuable-sticky-title">{title}</span>
      </div>
    </div>
  );
}
