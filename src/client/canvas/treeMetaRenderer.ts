/**
 * Draws a tree row's metadata column, right-aligned in muted text (spec): for an epic its child
 * epic and issue counts; for an issue its milestone, due date (red when past due and open),
 * weight, up to three assignee initials (+N) and health status pill. Parts go from the right edge
 * leftwards; the milestone takes what room is left, cut with an ellipsis. Texts stay with their
 * item (keyed pools), so scrolling moves them instead of laying them out again.
 */
import { BitmapText, Container, type NineSliceSprite, type Sprite, type Texture } from 'pixi.js';
import type { TreeRowColumns } from '../../core/layout/tree/treeColumns.ts';
import { healthStatusOfCode } from '../../core/layout/tree/treeItem.ts';
import {
  assigneeOverflowText,
  descendantTotal,
  drawnAssigneeCount,
  formatTreeDueDate,
  isTreeDueDatePast,
  TREE_HEALTH_STATUS_TEXT,
} from '../../core/layout/tree/treeRowMeta.ts';
import { ENTRY_FLAG, ENTRY_STRING, type TreeSnapshot } from '../../core/layout/tree/treeSnapshot.ts';
import { NO_DAY } from '../../core/layout/tree/treeStore.ts';
import type { EpochDay } from '../../core/time/epochDay.ts';
import { initials } from '../ui/avatar.ts';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool, KeyedPool } from './pools.ts';
import { placeBar, placeRect, roundedBar, roundedBarTexture, whiteSprite } from './sprites.ts';
import { roadmapTextStyle, TitleFitter } from './textMeasure.ts';
import type { TreeFrame } from './treeFrame.ts';
import type { TreeIconTextures } from './treeIcons.ts';

const GAP = 12;
const GLYPH = 14;
const GLYPH_GAP = 4;
/** Half the line box of the 12 px text: its top sits this far above the line's centre. */
const TEXT_HALF = 8;
const PILL_HEIGHT = 20;
const PILL_PADDING = 8;
const AVATAR = 20;
/** Avatars overlap by a pixel, each ringed in the background colour. */
const AVATAR_STEP = 19;
const AVATAR_TEXT_HALF = 7;
/** The milestone is skipped when less than this is left for its title, px. */
const MIN_MILESTONE_TEXT = 32;

type TextField = 'milestone' | 'due' | 'weight' | 'epics' | 'issues' | 'health' | 'overflow';

/** Strings built once and reused frame after frame (numbers, initials, due dates). */
class StringCache<K> {
  private readonly map = new Map<K, string>();
  get(key: K, make: (key: K) => string): string {
    let text = this.map.get(key);
    if (text === undefined) {
      if (this.map.size >= 2000) this.map.clear();
      text = make(key);
      this.map.set(key, text);
    }
    return text;
  }
  clear(): void {
    this.map.clear();
  }
}

export class TreeMetaRenderer {
  private readonly glyphs: DisplayPool<Sprite>;
  private readonly pills: DisplayPool<NineSliceSprite>;
  private readonly discs: DisplayPool<Sprite>;
  private readonly texts: Record<TextField, KeyedPool<BitmapText>>;
  private readonly initialTexts: KeyedPool<BitmapText>[];
  private readonly style = roadmapTextStyle(12, false);
  private readonly initialStyle = roadmapTextStyle(10, true);
  private readonly fitter = new TitleFitter(this.style);
  private readonly initialFitter = new TitleFitter(this.initialStyle);
  private readonly pillTexture: Texture;
  private readonly numbers = new StringCache<number>();
  private readonly names = new StringCache<string>();
  private readonly dueDates = new StringCache<number>();
  private dueToday = Number.NaN;
  private readonly icons: TreeIconTextures;

  constructor(parent: Container, icons: TreeIconTextures) {
    this.icons = icons;
    this.pillTexture = roundedBarTexture();
    const part = () => parent.addChild(new Container());
    this.glyphs = new DisplayPool(part(), whiteSprite);
    this.pills = new DisplayPool(part(), () => roundedBar(this.pillTexture));
    this.discs = new DisplayPool(part(), whiteSprite);
    const textLayer = part();
    const text = () => new KeyedPool(textLayer, () => new BitmapText({ text: '', style: this.style }));
    this.texts = {
      milestone: text(),
      due: text(),
      weight: text(),
      epics: text(),
      issues: text(),
      health: text(),
      overflow: text(),
    };
    this.initialTexts = [0, 1, 2].map(
      () => new KeyedPool(textLayer, () => new BitmapText({ text: '', style: this.initialStyle })),
    );
  }

  begin(): void {
    this.glyphs.begin();
    this.pills.begin();
    this.discs.begin();
    for (const pool of Object.values(this.texts)) pool.begin();
    for (const pool of this.initialTexts) pool.begin();
  }

  end(): void {
    this.glyphs.end();
    this.pills.end();
    this.discs.end();
    for (const pool of Object.values(this.texts)) pool.end();
    for (const pool of this.initialTexts) pool.end();
  }

  /** Draws entry `i`'s metadata in its column; `center` is the first line's centre, viewport px. */
  drawRow(
    frame: TreeFrame,
    i: number,
    columns: TreeRowColumns,
    center: number,
    palette: CanvasPalette,
  ): void {
    const e = frame.snapshot.entries;
    const flags = e.flags[i]!;
    const isEpic = (flags & ENTRY_FLAG.EPIC) !== 0;
    // Epic and issue ids are separate sequences: an even key for an epic, odd for an epic-issue link.
    const key = isEpic ? e.id[i]! * 2 : e.epicIssueId[i]! * 2 + 1;
    let right = columns.metaX + columns.metaWidth;
    const left = columns.metaX;
    if (isEpic) {
      const issues = descendantTotal(e.openedIssues[i]!, e.closedIssues[i]!);
      if (issues !== null)
        right = this.counted('issues', key, this.icons.issues, issues, right, left, center, palette);
      const epics = descendantTotal(e.openedEpics[i]!, e.closedEpics[i]!);
      if (epics !== null) this.counted('epics', key, this.icons.epic, epics, right, left, center, palette);
      return;
    }
    right = this.health(key, e.health[i]!, right, left, center, palette);
    right = this.assignees(frame.snapshot, i, key, right, left, center, palette);
    const weight = e.weight[i]!;
    if (!Number.isNaN(weight))
      right = this.counted('weight', key, this.icons.weight, weight, right, left, center, palette);
    const dueDay = e.dueDay[i]!;
    if (dueDay !== NO_DAY) {
      const today = frame.today as EpochDay;
      if (today !== this.dueToday) {
        this.dueToday = today;
        this.dueDates.clear();
      }
      const text = this.dueDates.get(dueDay, (day) => formatTreeDueDate(day as EpochDay, today));
      const past = isTreeDueDatePast(dueDay, today, (flags & ENTRY_FLAG.CLOSED) !== 0);
      right = this.glyphText(
        'due',
        key,
        this.icons.calendar,
        text,
        right,
        left,
        center,
        past ? palette.danger : palette.textMuted,
      );
    }
    const milestone = frame.snapshot.strings[e.stringBase[i]! + ENTRY_STRING.MILESTONE] ?? '';
    const room = right - left - GLYPH - GLYPH_GAP;
    if (milestone && room >= MIN_MILESTONE_TEXT) {
      const text = this.fitter.fit(milestone, room);
      if (text)
        this.glyphText('milestone', key, this.icons.clock, text, right, left, center, palette.textMuted);
    }
  }

  /** A glyph and a number, e.g. the child-epic count; returns the new right edge. */
  private counted(
    field: TextField,
    key: number,
    glyph: Texture,
    value: number,
    right: number,
    left: number,
    center: number,
    palette: CanvasPalette,
  ): number {
    const text = this.numbers.get(value, String);
    return this.glyphText(field, key, glyph, text, right, left, center, palette.textMuted);
  }

  /** A glyph followed by a text, ending at `right`; returns the new right edge (unchanged when it did not fit). */
  private glyphText(
    field: TextField,
    key: number,
    glyph: Texture,
    text: string,
    right: number,
    left: number,
    center: number,
    color: number,
  ): number {
    const textWidth = this.fitter.width(text);
    const start = right - textWidth - GLYPH_GAP - GLYPH;
    if (start < left) return right;
    const sprite = this.glyphs.next();
    if (sprite.texture !== glyph) sprite.texture = glyph;
    placeRect(sprite, start, center - GLYPH / 2, GLYPH, GLYPH, color);
    this.place(this.texts[field].take(key), text, start + GLYPH + GLYPH_GAP, center - TEXT_HALF, color);
    return start - GAP;
  }

  private health(
    key: number,
    code: number,
    right: number,
    left: number,
    center: number,
    palette: CanvasPalette,
  ): number {
    const status = healthStatusOfCode(code);
    if (!status) return right;
    const text = TREE_HEALTH_STATUS_TEXT[status];
    const width = this.fitter.width(text) + 2 * PILL_PADDING;
    if (right - width < left) return right;
    const [fill, ink] =
      status === 'onTrack'
        ? [palette.successBackground, palette.successText]
        : status === 'needsAttention'
          ? [palette.warningBackground, palette.warningText]
          : [palette.dangerBackground, palette.dangerText];
    placeBar(this.pills.next(), right - width, center - PILL_HEIGHT / 2, width, PILL_HEIGHT, fill);
    this.place(this.texts.health.take(key), text, right - width + PILL_PADDING, center - TEXT_HALF, ink);
    return right - width - GAP;
  }

  private assignees(
    snapshot: TreeSnapshot,
    i: number,
    key: number,
    right: number,
    left: number,
    center: number,
    palette: CanvasPalette,
  ): number {
    const e = snapshot.entries;
    const count = e.assigneeCount[i]!;
    if (count <= 0) return right;
    const drawn = drawnAssigneeCount(e.assigneeNames[i]!);
    const more = assigneeOverflowText(count, drawn);
    const moreWidth = more ? this.fitter.width(more) + GLYPH_GAP : 0;
    const width = drawn > 0 ? AVATAR + (drawn - 1) * AVATAR_STEP : 0;
    const start = right - moreWidth - width;
    if (start < left) return right;
    const names = e.stringBase[i]! + ENTRY_STRING.ASSIGNEES;
    for (let a = 0; a < drawn; a += 1) {
      const x = start + a * AVATAR_STEP;
      const ring = this.discs.next();
      if (ring.texture !== this.icons.disc) ring.texture = this.icons.disc;
      placeRect(ring, x - 1, center - AVATAR / 2 - 1, AVATAR + 2, AVATAR + 2, palette.background);
      const disc = this.discs.next();
      if (disc.texture !== this.icons.disc) disc.texture = this.icons.disc;
      placeRect(disc, x, center - AVATAR / 2, AVATAR, AVATAR, palette.neutralBackground);
      const text = this.names.get(snapshot.strings[names + a] ?? '', initials);
      const textX = x + (AVATAR - this.initialFitter.width(text)) / 2;
      this.place(
        this.initialTexts[a]!.take(key),
        text,
        textX,
        center - AVATAR_TEXT_HALF,
        palette.neutralText,
      );
    }
    if (more)
      this.place(
        this.texts.overflow.take(key),
        more,
        start + width + GLYPH_GAP,
        center - TEXT_HALF,
        palette.textMuted,
      );
    return start - GAP;
  }

  private place(item: BitmapText, text: string, x: number, y: number, color: number): void {
    if (item.text !== text) item.text = text;
    if (item.tint !== color) item.tint = color;
    item.position.set(Math.round(x), Math.round(y));
  }

  destroy(): void {
    this.pillTexture.destroy(true);
  }
}
