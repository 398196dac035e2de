/**
 * Scrollbars for the mouse (the roadmap scrolls itself, so canvas and overlay move in one frame):
 * thumbs the controller places every frame, dragged to scroll. Keyboard users scroll with the rows
 * and the timeline region's keys, so the bars are hidden from assistive technology.
 */
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { RoadmapController } from './roadmapController.ts';

export function RoadmapScrollbars({ controller }: { controller: RoadmapController }) {
  const { frame } = controller;
  const drag = (axis: 'x' | 'y') => (event: ReactPointerEvent<HTMLDivElement>) => {
    const thumb = event.currentTarget;
    thumb.setPointerCapture(event.pointerId);
    let last = axis === 'x' ? event.clientX : event.clientY;
    const move = (moveEvent: PointerEvent) => {
      const now = axis === 'x' ? moveEvent.clientX : moveEvent.clientY;
      const delta = now - last;
      last = now;
      const { viewport } = controller;
      const track = axis === 'x' ? viewport.width : viewport.height;
      const length = axis === 'x' ? thumb.offsetWidth : thumb.offsetHeight;
      const max = axis === 'x' ? viewport.maxScrollLeft : viewport.maxScrollTop;
      const ratio = track > length ? max / (track - length) : 0;
      if (axis === 'x') controller.scrollBy(delta * ratio, 0);
      else controller.scrollBy(0, delta * ratio);
    };
    const up = () => {
      thumb.removeEventListener('pointermove', move);
      thumb.removeEventListener('pointerup', up);
      thumb.removeEventListener('pointercancel', up);
    };
    thumb.addEventListener('pointermove', move);
    thumb.addEventListener('pointerup', up);
    thumb.addEventListener('pointercancel', up);
  };
  const top = frame.headerHeight + frame.milestonesHeight;
  return (
    <div aria-hidden="true">
      <div className="roadmap-scrollbar roadmap-scrollbar-y" style={{ top }}>
        <div
          className="roadmap-thumb"
          ref={(element) => {
            controller.overlay.verticalThumb = element;
          }}
          onPointerDown={drag('y')}
        />
      </div>
      <div className="roadmap-scrollbar roadmap-scrollbar-x" style={{ left: frame.detailsWidth }}>
        <div
          className="roadmap-thumb"
          ref={(element) => {
            controller.overlay.horizontalThumb = element;
          }}
          onPointerDown={drag('x')}
        />
      </div>
    </div>
  );
}
