import { type RefObject, useEffect } from 'react';

/**
 * Presentation mode fills the window with the roadmap and asks the browser for full screen; leaving
 * full screen, or Escape when the browser refused it, ends the mode.
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
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.fullscreenElement && !event.defaultPrevented)
        setPresentation(false);
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      document.removeEventListener('keydown', onKeyDown);
      if (document.fullscreenElement) void document.exitFullscreen();
    };
  }, [section, presentation, setPresentation]);
}
