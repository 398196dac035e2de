import type { FastifyInstance } from 'fastify';
import { PLAN_CODES } from '../../../core/domain/plans.ts';
import { groupPath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import type { AccessContext } from '../../services/access.ts';
import {
  canReadBilling,
  changeSubscription,
  createSubscription,
  readableSubscriptionOf,
  type SubscriptionInput,
  type SubscriptionView,
  subscriptionOf,
} from '../../services/billing/gitlabSubscriptionService.ts';
import { findReadableGroup, listReadableGroups } from '../../services/groupService.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalCalendarDate,
  optionalEnum,
  optionalInteger,
  optionalString,
  type Params,
} from './params.ts';

/** GitLab's subscription entity (`API::Entities::GitlabSubscription`). */
function subscriptionJson(view: SubscriptionView) {
  return {
    plan: {
      code: view.plan,
      name: view.plan,
      trial: view.trial,
      auto_renew: view.autoRenew,
      upgradable: view.plan !== 'ultimate',
      exclude_guests: view.excludeGuests,
    },
    usage: {
      seats_in_subscription: view.seats,
      seats_in_use: view.seatsInUse,
      max_seats_used: view.maxSeatsUsed,
      seats_owed: view.seatsOwed,
    },
    billing: {
      subscription_start_date: view.startDate,
      subscription_end_date: view.endDate,
      trial_ends_on: view.trialEndsOn,
    },
  };
}

/** The subscription fields a request names; absent ones stay as they are. */
function subscriptionInput(params: Params): SubscriptionInput {
  const input: Record<string, unknown> = {
    plan_code: optionalEnum(params, 'plan_code', PLAN_CODES),
    seats: optionalInteger(params, 'seats', 0),
    max_seats_used: optionalInteger(params, 'max_seats_used', 0),
    start_date: optionalCalendarDate(params, 'start_date'),
    end_date: optionalCalendarDate(params, 'end_date'),
    auto_renew: optionalBoolean(params, 'auto_renew'),
    trial: optionalBoolean(params, 'trial'),
    trial_starts_on: optionalCalendarDate(params, 'trial_starts_on'),
    trial_ends_on: optionalCalendarDate(params, 'trial_ends_on'),
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/**
 * GitLab's namespaces and subscriptions (groups only: this product has no personal namespaces):
 *
 * GET /api/v4/namespaces                          the caller's groups (all of them for administrators)
 * GET /api/v4/namespaces/:id                      one, with its plan for its owners and administrators
 * GET /api/v4/namespaces/:id/gitlab_subscription  the top-level group's plan, seats and dates
 * POST, PUT /api/v4/namespaces/:id/gitlab_subscription   administrators set them
 */
export function registerNamespaceRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const namespaceJson = async (access: AccessContext, group: NamespaceRow) => {
    const basic = {
      id: group.id,
      name: group.name,
      path: group.path,
      kind: 'group',
      full_path: group.full_path,
      parent_id: group.parent_id,
      avatar_url: null,
      web_url: `${config.externalUrl}${groupPath(group.full_path)}`,
    };
    if (!(await canReadBilling(db, access, group))) return basic;
    const view = await subscriptionOf(db, group, calendarDateOf(now()));
    return {
      ...basic,
      billable_members_count: view.seatsInUse,
      plan: view.plan,
      end_date: view.endDate,
      trial_ends_on: view.trialEndsOn,
      trial: view.trial,
      max_seats_used: view.maxSeatsUsed,
      seats_in_use: view.seatsInUse,
    };
  };

  app.get('/api/v4/namespaces', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const { rows, total } = await listReadableGroups(
      db,
      request.access,
      {
        search: optionalString(query, 'search', 255),
        membershipOnly: !request.actor.user?.is_admin,
        topLevelOnly: optionalBoolean(query, 'top_level_only'),
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    const json = [];
    for (const group of rows) json.push(await namespaceJson(request.access, group));
    return json;
  });

  app.get('/api/v4/namespaces/:id', async (request) => {
    const { id } = request.params as { id: string };
    return namespaceJson(request.access, await findReadableGroup(db, request.access, id));
  });

  app.get('/api/v4/namespaces/:id/gitlab_subscription', async (request) => {
    const { id } = request.params as { id: string };
    const group = await findReadableGroup(db, request.access, id);
    return subscriptionJson(await readableSubscriptionOf(db, request.access, group));
  });

  app.post('/api/v4/namespaces/:id/gitlab_subscription', async (request, reply) => {
    const { id } = request.params as { id: string };
    const group = await findReadableGroup(db, request.access, id);
    const view = await createSubscription(db, request.access, group, subscriptionInput(bodyParams(request)));
    reply.code(201);
    return subscriptionJson(view);
  });

  app.put('/api/v4/namespaces/:id/gitlab_subscription', async (request) => {
    const { id } = request.params as { id: string };
    const group = await findReadableGroup(db, request.access, id);
    return subscriptionJson(
      await changeSubscription(db, request.access, group, subscriptionInput(bodyParams(request))),
    );
  });
}
