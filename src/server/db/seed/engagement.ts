import type { Kysely } from 'kysely';
import { formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { ColumnarInsert } from './columnarInsert.ts';
import { type LabelPicks, pickLabels, type SeededLabels } from './labels.ts';
import type { Random, WeightedTable } from './random.ts';
import { AWARD_EMOJI, noteText } from './vocabulary.ts';

type Target = 'Epic' | 'Issue' | 'MergeRequest';

/**
 * What people add around an epic, issue or merge request: labels, award emoji and comments (the
 * comments make their authors participants). Shared by all three; written after the rows they point to.
 */
export class Engagement {
  readonly labelLinks: ColumnarInsert<
    'label_links',
    'root_namespace_id' | 'label_id' | 'target_type' | 'target_id'
  >;
  readonly awardEmoji: ColumnarInsert<
    'award_emoji',
    'root_namespace_id' | 'user_id' | 'name' | 'awardable_type' | 'awardable_id' | 'created_at'
  >;
  readonly notes: ColumnarInsert<
    'notes',
    'root_namespace_id' | 'author_id' | 'noteable_type' | 'noteable_id' | 'note' | 'created_at' | 'updated_at'
  >;

  constructor(
    db: Kysely<Database>,
    private readonly rootId: number,
    private readonly labels: SeededLabels,
    private readonly random: Random,
    /** The latest moment anything may carry: just before the start of `today`. */
    private readonly nowMs: number,
  ) {
    this.labelLinks = new ColumnarInsert(db, 'label_links', {
      root_namespace_id: 'int4',
      label_id: 'int4',
      target_type: 'text',
      target_id: 'int4',
    });
    this.awardEmoji = new ColumnarInsert(db, 'award_emoji', {
      root_namespace_id: 'int4',
      user_id: 'int4',
      name: 'text',
      awardable_type: 'text',
      awardable_id: 'int4',
      created_at: 'timestamptz',
    });
    this.notes = new ColumnarInsert(db, 'notes', {
      root_namespace_id: 'int4',
      author_id: 'int4',
      noteable_type: 'text',
      noteable_id: 'int4',
      note: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    });
  }

  get writers() {
    return [this.labelLinks, this.awardEmoji, this.notes] as const;
  }

  label(target: Target, targetId: number, visible: readonly number[], picks: LabelPicks): void {
    if (visible.length === 0 || !this.random.chance(picks.chance)) return;
    const count = this.random.int(picks.min, picks.max);
    for (const labelId of pickLabels(this.random, this.labels, visible, count)) {
      this.labelLinks.add({
        root_namespace_id: this.rootId,
        label_id: labelId,
        target_type: target,
        target_id: targetId,
      });
    }
  }

  /** One to three reactions by different people; each person awards one emoji. */
  react(target: Target, targetId: number, createdMs: number, people: WeightedTable<number>): void {
    const reactors = new Set<number>();
    const wanted = this.random.int(1, 3);
    for (let attempt = 0; reactors.size < wanted && attempt < 8; attempt++)
      reactors.add(people.pick(this.random));
    for (const userId of reactors) {
      this.awardEmoji.add({
        root_namespace_id: this.rootId,
        user_id: userId,
        name: this.random.pick(AWARD_EMOJI),
        awardable_type: target,
        awardable_id: targetId,
        created_at: this.after(createdMs),
      });
    }
  }

  /**
   * A short thread of one to three comments, all before `until` (a merge, say; default now), worded by
   * `text` (default: comments on planned work).
   */
  discuss(
    target: Target,
    targetId: number,
    createdMs: number,
    people: WeightedTable<number>,
    { until = this.nowMs, text = noteText }: { until?: number; text?: (random: Random) => string } = {},
  ): void {
    let at = createdMs;
    for (let count = this.random.int(1, 3); count > 0; count--) {
      at += (until - at) * this.random.next() * 0.3;
      const timestamp = formatTimestamp(at);
      this.notes.add({
        root_namespace_id: this.rootId,
        author_id: people.pick(this.random),
        noteable_type: target,
        noteable_id: targetId,
        note: text(this.random),
        created_at: timestamp,
        updated_at: timestamp,
      });
    }
  }

  private after(createdMs: number): string {
    return formatTimestamp(createdMs + (this.nowMs - createdMs) * this.random.next());
  }
}
