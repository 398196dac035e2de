import type { FastifyInstance } from 'fastify';
import type { IssuableAwardsJson } from '../../../core/domain/discussions.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  awardableOf,
  listItemAwards,
  mayAward,
  toggleAward,
} from '../../services/discussions/awardService.ts';
import { bodyParams, requiredString } from '../api/params.ts';
import { issuableJsonErrorHandler } from '../issuable/issuableErrors.ts';
import { noteableRouteBases } from './noteableRouteBases.ts';

/**
 * The award bar under an epic's or issue's description, as page JSON under its page path
 * (`<item>` below); the API's award emoji are in http/api/awardEmojiApiRoutes.ts:
 *
 * GET  <item>/award_emoji.json          the item's reactions, oldest first, and whether the reader
 *      may react ({ award_emoji: [{ name, user: { id, name, username } }], can_award_emoji })
 * POST <item>/toggle_award_emoji { name } → 200 { toggled_on } (GitLab's ToggleAwardEmoji); signed-in
 *      readers only (401 anonymous), an unknown emoji is 422
 *
 * Failures are `{ errors: [...] }` (issuableErrors.ts); nothing changes.
 */
export function registerIssuableAwardRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  for (const [patterns, policyOf] of noteableRouteBases(db)) {
    for (const base of patterns) {
      app.get(
        `${base}/award_emoji.json`,
        { errorHandler: issuableJsonErrorHandler() },
        async (request, reply): Promise<IssuableAwardsJson> => {
          const policy = await policyOf(request);
          const awards = await listItemAwards(db, policy);
          reply.header('Cache-Control', 'private, no-cache');
          return {
            award_emoji: awards.map(({ row, user }) => ({
              name: row.name,
              user: { id: user.id, name: user.name, username: user.username },
            })),
            can_award_emoji: mayAward(request.access, policy),
          };
        },
      );

      app.post(
        `${base}/toggle_award_emoji`,
        { errorHandler: issuableJsonErrorHandler() },
        async (request) => {
          const name = requiredString(bodyParams(request), 'name', 64);
          const policy = await policyOf(request);
          const awardable = await awardableOf(db, policy, { kind: 'item' });
          const { toggledOn } = await toggleAward(db, request.access, policy, awardable, name);
          return { toggled_on: toggledOn };
        },
      );
    }
  }
}
