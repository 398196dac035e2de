import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRIAL_TEXTS } from '../../../core/domain/trials.ts';
import { groupBillingPath, newTrialPath, signInPath, TRIALS_PATH } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { canReadBilling, planStateOf, startTrial } from '../../services/billing/gitlabSubscriptionService.ts';
import { ServiceError } from '../../services/errors.ts';
import { findReadableGroup, listReadableGroups } from '../../services/groupService.ts';
import { setFlash } from './flash.ts';
import { type PageDeps, sendPage } from './pageRoutes.ts';

/** Top-level groups one person owns, at the most, that the trial form offers. */
const MAX_GROUPS = 100;

/**
 * GitLab's free trial:
 *
 * GET  /-/trials/new?namespace_id=…   the groups the signed-in user may start a trial on
 * POST /-/trials                      `namespace_id`, `authenticity_token`: 30 days of Ultimate
 *      start, and the group's Billing page says so; a refusal shows the form again with the reason
 */
export function registerTrialPages(app: FastifyInstance, deps: PageDeps): void {
  const { db, assets, now, settings } = deps;

  /** The user's top-level groups on Free that never had a trial. */
  const eligibleGroups = async (request: FastifyRequest) => {
    const { rows } = await listReadableGroups(
      db,
      request.access,
      { topLevelOnly: true, membershipOnly: true },
      { offset: 0, limit: MAX_GROUPS },
    );
    const today = calendarDateOf(now());
    const groups = [];
    for (const group of rows) {
      if (!(await canReadBilling(db, request.access, group))) continue;
      const { plan, hadTrial } = await planStateOf(db, group, today);
      if (plan === 'free' && !hadTrial) groups.push(group);
    }
    return groups;
  };

  const render = async (request: FastifyRequest, reply: FastifyReply, namespaceId: string, error = '') => {
    const groups = await eligibleGroups(request);
    return sendPage(request, reply, assets, {
      title: TRIAL_TEXTS.start,
      status: error ? 422 : 200,
      mount: {
        page: 'trial-new',
        groups: JSON.stringify(
          groups.map((group) => ({ id: group.id, name: group.name, full_path: group.full_path })),
        ),
        namespaceId,
        error,
        trialDays: String((await settings.current()).trial_duration_days),
      },
    });
  };

  app.get(newTrialPath(), async (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    const query = request.query as { namespace_id?: unknown };
    return render(request, reply, typeof query.namespace_id === 'string' ? query.namespace_id : '');
  });

  app.post(TRIALS_PATH, async (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(newTrialPath()), 303);
    const body = (request.body ?? {}) as { namespace_id?: unknown };
    const namespaceId = typeof body.namespace_id === 'string' ? body.namespace_id.trim() : '';
    try {
      if (!/^\d{1,10}$/.test(namespaceId)) throw new ServiceError('invalid', 'Choose a group for the trial.');
      const group = await findReadableGroup(db, request.access, namespaceId);
      await startTrial(db, request.access, group, (await settings.current()).trial_duration_days);
      setFlash(reply, TRIAL_TEXTS.activated);
      return reply.redirect(groupBillingPath(group.full_path), 303);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return render(request, reply, namespaceId, trialRefusal(error));
    }
  });
}

/** A refusal in a sentence the form shows. */
function trialRefusal(error: ServiceError): string {
  if (error.kind === 'not_found' || error.kind === 'forbidden') {
    return 'Only the owner of a top-level group can start its trial.';
  }
  return error.message.startsWith('namespace ')
    ? `This group ${error.message.slice('namespace '.length)}.`
    : error.message;
}
