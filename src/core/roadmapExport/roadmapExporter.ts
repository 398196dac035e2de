/**
 * The exports as the worker (or, without OffscreenCanvas, the main thread) runs them: lay out with
 * the roadmap's layout, plan the picture, paint it. Requests are plain data (structured-cloneable).
 */
import { asEpochDay, dayToCalendarDate } from '../time/epochDay.ts';
import { formatCalendarDate } from '../time/formatting.ts';
import type { Context2D } from './context2d.ts';
import { buildEpicsCsv } from './csvExport.ts';
import type { ExportEpic } from './exportEpic.ts';
import { type ExportArea, type ExportLayoutInput, layoutForExport } from './exportLayout.ts';
import { type PicturePlan, type PictureTexts, paintPicture, planPicture } from './roadmapPicture.ts';

/** Tallest PNG drawn, px: well inside every browser's canvas limits (Chromium: 32,767 per side). */
export const MAX_IMAGE_HEIGHT = 16_384;
export const IMAGE_WIDTHS = [1920, 2560, 3840] as const;
export const MIN_IMAGE_WIDTH = 640;
export const MAX_IMAGE_WIDTH = 7680;

export interface ExportTexts {
  readonly title: string;
  /** After the date range and epic count in the subtitle: 'Sorted by start date · Exported Mar 9, 2026'. */
  readonly note: string;
  readonly today: string;
  readonly progress: string;
}

export interface RoadmapExportRequest extends ExportLayoutInput {
  readonly texts: ExportTexts;
  readonly showProgress: boolean;
}

const dayText = (day: number) => formatCalendarDate(dayToCalendarDate(asEpochDay(day)));

/** 'Jan 1, 2026 – Jun 30, 2026 · 42 epics · <note>' for the part of the timeline an area shows. */
export function areaSubtitle(area: ExportArea, note: string): string {
  const { header, count } = area.snapshot;
  let first = -1;
  let last = -1;
  for (let c = 0; c < header.columnCount; c += 1) {
    if (header.x[c]! + header.width[c]! <= area.fromX || header.x[c]! >= area.toX) continue;
    if (first < 0) first = c;
    last = c;
  }
  const range = first < 0 ? '' : `${dayText(header.startDay[first]!)} – ${dayText(header.endDay[last]!)} · `;
  return `${range}${count === 1 ? '1 epic' : `${count} epics`}${note ? ` · ${note}` : ''}`;
}

export interface ImagePlan {
  readonly area: ExportArea;
  readonly plan: PicturePlan;
  readonly texts: PictureTexts;
}

/** Lays out and plans a PNG of `width` px; the caller makes a canvas of plan.width × plan.height. */
export function planImage(request: RoadmapExportRequest, width: number): ImagePlan {
  const area = layoutForExport(request);
  const plan = planPicture(
    { fromX: area.fromX, toX: area.toX, firstEntry: 0, endEntry: area.snapshot.count },
    {
      width: Math.round(Math.min(MAX_IMAGE_WIDTH, Math.max(MIN_IMAGE_WIDTH, width))),
      maxHeight: MAX_IMAGE_HEIGHT,
    },
  );
  const texts = { ...request.texts, subtitle: areaSubtitle(area, request.texts.note) };
  return { area, plan, texts };
}

export function paintImage(ctx: Context2D, image: ImagePlan, showProgress: boolean): void {
  paintPicture(ctx, image.area.snapshot, image.plan, image.texts, showProgress);
}

export { buildEpicsCsv, type ExportEpic };
