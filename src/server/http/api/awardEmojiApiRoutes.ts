import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  type AwardTarget,
  addAward,
  awardableOf,
  findAward,
  listAwards,
  presentAwards,
  removeAward,
} from '../../services/discussions/awardService.ts';
import { NotFoundError, ValidationError } from '../../services/errors.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { awardApiJson } from './noteApiJson.ts';
import {
  awardIdParam,
  EPIC_PATH,
  epicPolicyOf,
  ISSUE_PATH,
  issuePolicyOf,
  noteIdParam,
  type PolicyOfRequest,
} from './noteableApiPaths.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, type Params, requiredString } from './params.ts';

/**
 * GitLab's award emoji REST API on issues (`/projects/:id/issues/:issue_iid`), epics
 * (`/groups/:id/epics/:epic_iid`, by iid here) and their notes (`<item>/notes/:note_id`):
 *
 * GET    <awardable>/award_emoji            the reactions, oldest first, 20 per page
 * GET    <awardable>/award_emoji/:award_id  one
 * POST   <awardable>/award_emoji { name }   → 201; an unknown name, one already given, or an item the
 *        caller may not react to is GitLab's 404 `Award Emoji <reason>`
 * DELETE <awardable>/award_emoji/:award_id  → 204; only whoever gave it (or an admin), else 401
 */
export function registerAwardEmojiApiRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const { externalUrl } = config;
  const items: [string, PolicyOfRequest][] = [
    [ISSUE_PATH, issuePolicyOf(db)],
    [EPIC_PATH, epicPolicyOf(db, 'iid')],
  ];
  const awardables: [string, PolicyOfRequest, (request: FastifyRequest) => AwardTarget][] = items.flatMap(
    ([base, policyOf]): [string, PolicyOfRequest, (request: FastifyRequest) => AwardTarget][] => [
      [`${base}/award_emoji`, policyOf, () => ({ kind: 'item' })],
      [
        `${base}/notes/:note_id/award_emoji`,
        policyOf,
        (request) => ({ kind: 'note', noteId: noteIdParam(request) }),
      ],
    ],
  );

  for (const [path, policyOf, targetOf] of awardables) {
    const locate = async (request: FastifyRequest) => {
      const target = targetOf(request);
      const policy = await policyOf(request);
      return { policy, awardable: await awardableOf(db, policy, target) };
    };

    app.get(path, async (request, reply) => {
      const page = offsetPage(request.query as Params);
      const { awardable } = await locate(request);
      const { awards, total } = await listAwards(db, awardable, { offset: page.offset, limit: page.perPage });
      setPaginationHeaders(request, reply, externalUrl, page, total);
      return awards.map((award) => awardApiJson(award, externalUrl));
    });

    app.get(`${path}/:award_id`, async (request) => {
      const awardId = awardIdParam(request);
      const { awardable } = await locate(request);
      const [award] = await presentAwards(db, [await findAward(db, awardable, awardId)]);
      if (!award) throw new NotFoundError('Award Emoji');
      return awardApiJson(award, externalUrl);
    });

    app.post(path, async (request, reply) => {
      requireSignedIn(request.access);
      const name = requiredString(bodyParams(request), 'name', 255);
      const { policy, awardable } = await locate(request);
      try {
        const [award] = await presentAwards(db, [
          await addAward(db, request.access, policy, awardable, name),
        ]);
        if (!award) throw new NotFoundError('Award Emoji');
        return reply.code(201).send(awardApiJson(award, externalUrl));
      } catch (error) {
        // GitLab answers a refused award with a 404 that carries the reason.
        if (error instanceof ValidationError) throw new NotFoundError(`Award Emoji ${error.message}`);
        throw error;
      }
    });

    app.delete(`${path}/:award_id`, async (request, reply) => {
      requireSignedIn(request.access);
      const awardId = awardIdParam(request);
      const { awardable } = await locate(request);
      await removeAward(db, request.access, awardable, awardId);
      return reply.code(204).send();
    });
  }
}
