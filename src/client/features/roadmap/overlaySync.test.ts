import { describe, expect, it } from 'vitest';
import { OverlaySync, type SyncedElement } from './overlaySync.ts';

const element = (): SyncedElement => ({ style: { transform: '', width: '', height: '' }, hidden: false });

const placement = {
  detailsWidth: 200,
  scrollTop: 120,
  snapshotScrollLeft: 300,
  xScale: 2,
  scrollLeft: 340,
  milestonesScrollTop: 48,
  verticalThumb: { length: 40, offset: 10 },
  horizontalThumb: null,
};

describe('the overlay synchroniser', () => {
  it('moves the rows, the fallback timeline and header, and the milestone links with the view', () => {
    const sync = new OverlaySync();
    const { elements } = sync;
    elements.rows = element();
    elements.timeline = element();
    elements.header = element();
    elements.milestones = element();
    sync.place(placement);
    expect(elements.rows.style.transform).toBe('translate3d(0, -120px, 0)');
    // The details column's width, not a constant: the timeline starts where the column ends.
    expect(elements.timeline.style.transform).toBe('translate3d(-100px, -120px, 0) scaleX(2)');
    expect(elements.header.style.transform).toBe('translate3d(-100px, 0, 0) scaleX(2)');
    expect(elements.milestones.style.transform).toBe('translate3d(-340px, -48px, 0)');
  });

  it('places a thumb where something scrolls and hides the other', () => {
    const sync = new OverlaySync();
    const vertical = element();
    const horizontal = element();
    sync.elements.verticalThumb = vertical;
    sync.elements.horizontalThumb = horizontal;
    sync.place(placement);
    expect(vertical).toEqual({
      style: { transform: 'translateY(10px)', width: '', height: '40px' },
      hidden: false,
    });
    expect(horizontal.hidden).toBe(true);
    expect(horizontal.style.transform).toBe('');
  });

  it('skips the parts not mounted', () => {
    const sync = new OverlaySync();
    expect(() => sync.place(placement)).not.toThrow();
  });
});
