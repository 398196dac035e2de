import type { Kysely } from 'kysely';
import { isAwardEmojiName } from '../../../../core/domain/awardEmoji.ts';
import { emojiNameOf } from '../../../../core/domain/quickActions.ts';
import type { Database } from '../../../db/schema.ts';
import type { AccessContext } from '../../access.ts';
import { awardableOf, mayAward, toggleAward } from '../awardService.ts';
import { type NoteableTarget, noteablePolicy } from '../noteable.ts';
import type { QuickActionDefinition } from './quickActionTypes.ts';

/** `/react :tada:`: the emoji's name when it is one a reaction may use, else null (stays unexplained). */
function awardNameOf(params: string): string | null {
  const name = emojiNameOf(params);
  return name !== null && isAwardEmojiName(name) ? name : null;
}

/**
 * GitLab's `/react :emoji:` (alias `/award`, renamed in 16.7): toggles the actor's reaction on the
 * item through the award service, as the award bar does. Like GitLab it does nothing for an actor
 * who may not react, and reports the change as `commands_changes.emoji_award`.
 */
export function reactAction<
  Context extends Explain & { readonly db: Kysely<Database>; readonly access: AccessContext },
  Explain extends State,
  State,
>(
  available: (state: State) => boolean,
  targetOf: (context: Context) => NoteableTarget,
): QuickActionDefinition<Context, Explain, State> {
  return {
    names: ['react', 'award'],
    available,
    explain: async (_context, params) => {
      const name = awardNameOf(params);
      return name === null ? null : `Toggles :${name}: emoji reaction.`;
    },
    execute: async (context, params, outcome) => {
      const name = awardNameOf(params);
      if (name === null) return;
      const policy = await noteablePolicy(context.db, context.access, targetOf(context));
      if (!mayAward(context.access, policy)) return;
      const awardable = await awardableOf(context.db, policy, { kind: 'item' });
      await toggleAward(context.db, context.access, policy, awardable, name);
      outcome.commandsChanges.emoji_award = name;
      outcome.messages.push(`Toggled :${name}: emoji reaction.`);
    },
  };
}
