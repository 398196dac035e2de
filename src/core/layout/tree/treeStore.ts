/**
 * The resident tree items as struct-of-arrays, keyed by TreeItemKey. Dates are parsed once here
 * (due dates to epoch days, instants to epoch ms); layout then reads typed arrays and copies the
 * few strings of the rows in view. Slots of removed items are reused (the tree's order is explicit,
 * so slot order means nothing).
 */
import { assert } from '../../lib/assert.ts';
import { grownArray, type NumberArray } from '../../lib/typedArrays.ts';
import { calendarDateToDay, dayToCalendarDate, type EpochDay } from '../../time/epochDay.ts';
import { packColor } from '../epicStore.ts';
import {
  HEALTH_STATUS_CODE,
  healthStatusOfCode,
  keyOfItem,
  MAX_ASSIGNEE_NAMES,
  type TreeItemInput,
  type TreeItemKey,
  type TreeLabel,
} from './treeItem.ts';

export const ITEM_FLAG = {
  ALIVE: 1,
  EPIC: 2,
  CLOSED: 4,
  CONFIDENTIAL: 8,
  BLOCKED: 16,
  HAS_CHILDREN: 32,
  HAS_ISSUES: 64,
  ADMIN_EPIC: 128,
} as const;

/** Epoch day of "no due date". */
export const NO_DAY = -0x80000000;

/** A label with its colours packed as 0xRRGGBB (-1 for none). */
export interface PackedLabel {
  readonly id: number;
  readonly title: string;
  readonly color: number;
  readonly textColor: number;
  /** The colours as given, so an item can be read back unchanged. */
  readonly source: TreeLabel;
}

export class TreeStore {
  /** Slots in use, alive or free. */
  length = 0;
  ids = new Float64Array(0);
  iids = new Float64Array(0);
  /** NaN for epics. */
  epicIssueIds = new Float64Array(0);
  /** NaN when null. */
  relativePositions = new Float64Array(0);
  /** Epoch ms, NaN when unknown. */
  createdAt = new Float64Array(0);
  closedAt = new Float64Array(0);
  /** NaN when unknown. */
  weights = new Float64Array(0);
  openedEpics = new Float64Array(0);
  closedEpics = new Float64Array(0);
  openedIssues = new Float64Array(0);
  closedIssues = new Float64Array(0);
  openedWeight = new Float64Array(0);
  closedWeight = new Float64Array(0);
  issuesAtRisk = new Float64Array(0);
  issuesNeedingAttention = new Float64Array(0);
  issuesOnTrack = new Float64Array(0);
  /** Epoch days; NO_DAY when none. */
  dueDays = new Int32Array(0);
  assigneeCounts = new Int32Array(0);
  flags = new Uint16Array(0);
  /** HEALTH_STATUS_CODE, 0 for none. */
  health = new Uint8Array(0);
  keys: TreeItemKey[] = [];
  titles: string[] = [];
  references: string[] = [];
  webPaths: string[] = [];
  relationPaths: (string | null)[] = [];
  milestoneTitles: (string | null)[] = [];
  createdAtText: (string | null)[] = [];
  closedAtText: (string | null)[] = [];
  assigneeNames: (readonly string[])[] = [];
  labels: (readonly PackedLabel[])[] = [];
  /** How many items have at least one label: rows are only made tall enough for labels when some do. */
  private labelledCount = 0;
  private readonly slotByKey = new Map<TreeItemKey, number>();
  private readonly free: number[] = [];

  get size(): number {
    return this.slotByKey.size;
  }

  get labelledItemCount(): number {
    return this.labelledCount;
  }

  slotOf(key: TreeItemKey): number {
    return this.slotByKey.get(key) ?? -1;
  }

  has(key: TreeItemKey): boolean {
    return this.slotByKey.has(key);
  }

  isEpic(slot: number): boolean {
    return (this.flags[slot]! & ITEM_FLAG.EPIC) !== 0;
  }

  /** Writes an item into its slot (a new one when the key is new); returns the slot. */
  upsert(item: TreeItemInput): number {
    const key = keyOfItem(item);
    let slot = this.slotByKey.get(key);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.grow();
      this.slotByKey.set(key, slot);
    }
    this.write(slot, key, item);
    return slot;
  }

  release(slot: number): void {
    assert(this.flags[slot]! & ITEM_FLAG.ALIVE, `slot ${slot} is not in use`);
    this.slotByKey.delete(this.keys[slot]!);
    this.flags[slot] = 0;
    if (this.labels[slot]!.length > 0) this.labelledCount -= 1;
    this.labels[slot] = [];
    this.assigneeNames[slot] = [];
    this.free.push(slot);
  }

  clear(): void {
    this.slotByKey.clear();
    this.free.length = 0;
    this.length = 0;
    for (const strings of [this.keys, this.titles, this.references, this.webPaths]) strings.length = 0;
    this.relationPaths.length = 0;
    this.milestoneTitles.length = 0;
    this.createdAtText.length = 0;
    this.closedAtText.length = 0;
    this.assigneeNames.length = 0;
    this.labels.length = 0;
    this.labelledCount = 0;
  }

  /** The item as it was given (for patches and tests). */
  read(slot: number): TreeItemInput {
    const flags = this.flags[slot]!;
    const has = (flag: number) => (flags & flag) !== 0;
    const numberOrNull = (value: number) => (Number.isNaN(value) ? null : value);
    const known = (...values: number[]) => values.every((value) => !Number.isNaN(value));
    const epic = has(ITEM_FLAG.EPIC);
    return {
      type: epic ? 'epic' : 'issue',
      id: this.ids[slot]!,
      iid: this.iids[slot]!,
      epicIssueId: numberOrNull(this.epicIssueIds[slot]!),
      relativePosition: numberOrNull(this.relativePositions[slot]!),
      state: has(ITEM_FLAG.CLOSED) ? 'closed' : 'opened',
      confidential: has(ITEM_FLAG.CONFIDENTIAL),
      blocked: has(ITEM_FLAG.BLOCKED),
      title: this.titles[slot]!,
      reference: this.references[slot]!,
      webPath: this.webPaths[slot]!,
      relationPath: this.relationPaths[slot]!,
      createdAt: this.createdAtText[slot]!,
      closedAt: this.closedAtText[slot]!,
      dueDate: this.dueDays[slot] === NO_DAY ? null : dayToCalendarDate(this.dueDays[slot]! as EpochDay),
      weight: numberOrNull(this.weights[slot]!),
      milestoneTitle: this.milestoneTitles[slot]!,
      assigneeCount: this.assigneeCounts[slot]!,
      assigneeNames: this.assigneeNames[slot]!,
      healthStatus: healthStatusOfCode(this.health[slot]!),
      labels: this.labels[slot]!.map((label) => label.source),
      descendantCounts: known(this.openedEpics[slot]!)
        ? {
            openedEpics: this.openedEpics[slot]!,
            closedEpics: this.closedEpics[slot]!,
            openedIssues: this.openedIssues[slot]!,
            closedIssues: this.closedIssues[slot]!,
          }
        : null,
      descendantWeightSum: known(this.openedWeight[slot]!)
        ? { openedIssues: this.openedWeight[slot]!, closedIssues: this.closedWeight[slot]! }
        : null,
      hasChildren: has(ITEM_FLAG.HAS_CHILDREN),
      hasIssues: has(ITEM_FLAG.HAS_ISSUES),
      epicHealthStatus: known(this.issuesAtRisk[slot]!)
        ? {
            issuesAtRisk: this.issuesAtRisk[slot]!,
            issuesNeedingAttention: this.issuesNeedingAttention[slot]!,
            issuesOnTrack: this.issuesOnTrack[slot]!,
          }
        : null,
      adminEpic: has(ITEM_FLAG.ADMIN_EPIC),
    };
  }

  private write(slot: number, key: TreeItemKey, item: TreeItemInput): void {
    this.ids[slot] = item.id;
    this.iids[slot] = item.iid;
    this.epicIssueIds[slot] = item.epicIssueId ?? Number.NaN;
    this.relativePositions[slot] = item.relativePosition ?? Number.NaN;
    this.createdAt[slot] = instantMs(item.createdAt);
    this.closedAt[slot] = instantMs(item.closedAt);
    this.weights[slot] = item.weight ?? Number.NaN;
    const counts = item.descendantCounts;
    this.openedEpics[slot] = counts ? counts.openedEpics : Number.NaN;
    this.closedEpics[slot] = counts ? counts.closedEpics : Number.NaN;
    this.openedIssues[slot] = counts ? counts.openedIssues : Number.NaN;
    this.closedIssues[slot] = counts ? counts.closedIssues : Number.NaN;
    const weights = item.descendantWeightSum;
    this.openedWeight[slot] = weights ? weights.openedIssues : Number.NaN;
    this.closedWeight[slot] = weights ? weights.closedIssues : Number.NaN;
    const health = item.epicHealthStatus;
    this.issuesAtRisk[slot] = health ? health.issuesAtRisk : Number.NaN;
    this.issuesNeedingAttention[slot] = health ? health.issuesNeedingAttention : Number.NaN;
    this.issuesOnTrack[slot] = health ? health.issuesOnTrack : Number.NaN;
    this.dueDays[slot] = item.dueDate === null ? NO_DAY : calendarDateToDay(item.dueDate);
    this.assigneeCounts[slot] = item.assigneeCount;
    this.flags[slot] =
      ITEM_FLAG.ALIVE |
      (item.type === 'epic' ? ITEM_FLAG.EPIC : 0) |
      (item.state === 'closed' ? ITEM_FLAG.CLOSED : 0) |
      (item.confidential ? ITEM_FLAG.CONFIDENTIAL : 0) |
      (item.blocked ? ITEM_FLAG.BLOCKED : 0) |
      (item.hasChildren ? ITEM_FLAG.HAS_CHILDREN : 0) |
      (item.hasIssues ? ITEM_FLAG.HAS_ISSUES : 0) |
      (item.adminEpic ? ITEM_FLAG.ADMIN_EPIC : 0);
    this.health[slot] = item.healthStatus ? HEALTH_STATUS_CODE[item.healthStatus] : 0;
    this.keys[slot] = key;
    this.titles[slot] = item.title;
    this.references[slot] = item.reference;
    this.webPaths[slot] = item.webPath;
    this.relationPaths[slot] = item.relationPath;
    this.milestoneTitles[slot] = item.milestoneTitle;
    this.createdAtText[slot] = item.createdAt;
    this.closedAtText[slot] = item.closedAt;
    this.assigneeNames[slot] = item.assigneeNames.slice(0, MAX_ASSIGNEE_NAMES);
    this.labelledCount += Number(item.labels.length > 0) - Number((this.labels[slot]?.length ?? 0) > 0);
    this.labels[slot] = item.labels.map((label) => ({
      id: label.id,
      title: label.title,
      color: packColor(label.color),
      textColor: packColor(label.textColor),
      source: label,
    }));
  }

  /** Takes a new slot at the end, growing the arrays when full. */
  private grow(): number {
    const slot = this.length;
    this.length += 1;
    if (slot >= this.ids.length) this.reserve(Math.max(64, this.ids.length * 2));
    return slot;
  }

  private reserve(capacity: number): void {
    for (const name of NUMERIC_FIELDS) {
      (this as Record<NumericField, NumberArray>)[name] = grownArray(this[name] as NumberArray, capacity);
    }
  }
}

const NUMERIC_FIELDS = [
  'ids',
  'iids',
  'epicIssueIds',
  'relativePositions',
  'createdAt',
  'closedAt',
  'weights',
  'openedEpics',
  'closedEpics',
  'openedIssues',
  'closedIssues',
  'openedWeight',
  'closedWeight',
  'issuesAtRisk',
  'issuesNeedingAttention',
  'issuesOnTrack',
  'dueDays',
  'assigneeCounts',
  'flags',
  'health',
] as const;
type NumericField = (typeof NUMERIC_FIELDS)[number];

/** ISO 8601 instant → epoch ms (NaN when missing or unparsable). */
function instantMs(value: string | null): number {
  return value === null ? Number.NaN : Date.parse(value);
}
