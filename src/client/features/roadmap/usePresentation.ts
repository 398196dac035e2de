import { type RefObject, useEffect } from 'react';

/**
 * Presentation mode fills the window with the roadmap and asks the browser for full screen; leaving
 * full screen, or Escape wherever focus is, ends the mode.
 */
export function usePresentation(
  section: RefObject<HTMLElement | null>,
  presentation: boolean,
  setPresentation: (on: boolean) => void,
): void {
  useEffect(() => {
    if (!presentation) return;
    section.current?.requestFullscreen?.().catch(() => {
      // Refused (no user gesture, or an embedding page forbids it): the in-page mode still applies.
    });
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) setPresentation(false);
    };
    // Heard before any other handler (capture on the window), so Escape leaves wherever focus is —
    // a row, a link, the timeline — unless it is closing a dialog of its own.
    const onKeyDown = (event: KeyboardEvent) => {
      // In full screen a browser usually keeps Escape to itself (fullscreenchange then ends the mode);
      // where the page hears it, it ends the mode here, and the cleanup leaves full screen.
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"]')) return;
      setPresentation(false);
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      if (document.fullscreenElement) void document.exitFullscreen();
    };
  }, [section, presentation, setPresentation]);
}
