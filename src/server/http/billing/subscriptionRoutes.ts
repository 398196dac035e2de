import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEAD_COMMENT_MAX } from '../../../core/domain/handRaiseLeads.ts';
import { isPaidPlanCode, PAID_PLAN_CODES } from '../../../core/domain/plans.ts';
import { PAYMENT_FORM_ID, PURCHASE_TEXTS } from '../../../core/domain/purchase.ts';
import {
  COUNTRIES_PATH,
  groupBillingPath,
  HAND_RAISE_LEADS_PATH,
  SUBSCRIPTIONS_PATH,
  signInPath,
  VALIDATE_PAYMENT_METHOD_PATH,
} from '../../../core/domain/webPaths.ts';
import type { CheckoutGroupJson } from '../../../core/pages/pageMount.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { listCountries, statesOf } from '../../services/billing/countries.ts';
import { canReadBilling, planStateOf } from '../../services/billing/gitlabSubscriptionService.ts';
import { submitHandRaiseLead } from '../../services/billing/handRaiseLeadService.ts';
import type { PaymentProvider } from '../../services/billing/payments/paymentProvider.ts';
import {
  customerRefOf,
  type OrderInput,
  PaymentDeclinedError,
  placeOrder,
  seatsInUseFor,
} from '../../services/billing/purchaseService.ts';
import { UnauthorizedError, ValidationError } from '../../services/errors.ts';
import { listReadableGroups } from '../../services/groupService.ts';
import {
  bodyParams,
  optionalBoolean,
  optionalString,
  ParamError,
  type Params,
  requiredString,
} from '../api/params.ts';
import { setFlash } from '../pages/flash.ts';
import { type PageDeps, sendPage } from '../pages/pageRoutes.ts';

/** Top-level groups one person owns, at the most, that the checkout offers. */
const MAX_GROUPS = 100;
const ID = /^\d{1,10}$/;
const IDEMPOTENCY_KEY = /^[\w:-]{8,100}$/;
/** A payment method id as providers write them. */
const PAYMENT_METHOD_ID = /^[\w-]{1,100}$/;

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: '404 Not Found' });

/**
 * GitLab's checkout and the calls its form makes:
 *
 * GET  /-/subscriptions/new?namespace_id=…&plan_id=…   the checkout page (a group's owners)
 * GET  /-/countries                                    `[[name, code], …]`
 * GET  /-/country_states?country=US                    `{ name: code }`
 * GET  /-/subscriptions/payment_form?id=paid_signup_flow   where the browser hands the card over
 * GET  /-/subscriptions/payment_method?id=…            the stored card (brand, last four, expiry)
 * POST /-/subscriptions/validate_payment_method        `id`, `gitlab_user_id` → `{ success }`
 * POST /-/subscriptions                                the order → `{ location }` once paid, or
 *      `{ confirmation_url }` while the bank waits for the holder; refusals are 422 `{ errors }`
 * POST /-/gitlab_subscriptions/hand_raise_leads         `namespace_id`, `first_name`, `last_name`,
 *      `company_name`, `company_size`, `phone_number`, `country`, `state`, `comment`: the sales team
 *      is asked to get in touch → `{}`; refusals are 422 `{ errors }`
 */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: PageDeps,
  payments: PaymentProvider,
): void {
  const { db, assets, now } = deps;

  const signedInUser = (request: FastifyRequest) => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    return user;
  };

  app.get(COUNTRIES_PATH, async () => listCountries());

  app.get('/-/country_states', async (request, reply) => {
    const country = requiredString(request.query as Params, 'country', 2).toUpperCase();
    const states = statesOf(country);
    if (!states) return reply.code(404).send({ message: '404 Country Not Found' });
    return Object.fromEntries(states);
  });

  app.get(`${SUBSCRIPTIONS_PATH}/payment_form`, async (request, reply) => {
    const user = signedInUser(request);
    const id = requiredString(request.query as Params, 'id', 100);
    if (id !== PAYMENT_FORM_ID) return notFound(reply);
    return payments.paymentForm(id, customerRefOf(user.id), now());
  });

  app.get(`${SUBSCRIPTIONS_PATH}/payment_method`, async (request, reply) => {
    const user = signedInUser(request);
    const id = requiredString(request.query as Params, 'id', 100);
    const method = await payments.paymentMethod(id, customerRefOf(user.id));
    return method ?? notFound(reply);
  });

  app.post(VALIDATE_PAYMENT_METHOD_PATH, async (request, reply) => {
    const user = signedInUser(request);
    const params = bodyParams(request);
    const id = requiredString(params, 'id', 100);
    const userId = requiredString(params, 'gitlab_user_id', 10);
    // GitLab validates a card for the person paying, and no one else.
    if (userId !== String(user.id)) return reply.code(403).send({ message: '403 Forbidden' });
    const result = await payments.validatePaymentMethod(id, customerRefOf(user.id), now());
    return result.success ? { success: true } : { success: false, error: result.message };
  });

  app.post(SUBSCRIPTIONS_PATH, async (request, reply) => {
    signedInUser(request);
    const order = orderInput(bodyParams(request));
    try {
      const outcome = await placeOrder(db, request.access, payments, order);
      if (outcome.status === 'requires_confirmation') {
        return { status: outcome.status, confirmation_url: outcome.confirmationUrl };
      }
      setFlash(reply, PURCHASE_TEXTS.purchased(outcome.group.name, outcome.plan));
      return {
        status: 'paid',
        location: groupBillingPath(outcome.group.full_path),
        invoice: outcome.invoice.number,
      };
    } catch (error) {
      if (error instanceof ValidationError) return reply.code(422).send({ errors: error.fieldErrors });
      if (error instanceof PaymentDeclinedError) return reply.code(422).send({ errors: error.message });
      throw error;
    }
  });

  app.post(HAND_RAISE_LEADS_PATH, async (request, reply) => {
    signedInUser(request);
    const params = bodyParams(request);
    const namespaceId = requiredString(params, 'namespace_id', 10);
    if (!ID.test(namespaceId)) throw new ParamError('namespace_id is invalid');
    const text = (name: string, max = 255) => (optionalString(params, name, max) ?? '').trim();
    try {
      await submitHandRaiseLead(
        db,
        request.access,
        { mailer: deps.mailer, externalUrl: deps.config.externalUrl },
        Number(namespaceId),
        {
          firstName: text('first_name'),
          lastName: text('last_name'),
          companyName: text('company_name'),
          companySize: text('company_size'),
          phoneNumber: text('phone_number'),
          country: text('country').toUpperCase(),
          state: text('state').toUpperCase(),
          comment: text('comment', LEAD_COMMENT_MAX),
        },
      );
      return {};
    } catch (error) {
      if (error instanceof ValidationError) return reply.code(422).send({ errors: error.fieldErrors });
      throw error;
    }
  });

  app.get(`${SUBSCRIPTIONS_PATH}/new`, async (request, reply) => {
    const user = request.actor.user;
    if (!user) return reply.redirect(signInPath(request.url));
    const query = request.query as { namespace_id?: unknown; plan_id?: unknown };
    const planId = isPaidPlanCode(query.plan_id) ? query.plan_id : 'premium';
    const namespaceId =
      typeof query.namespace_id === 'string' && ID.test(query.namespace_id) ? query.namespace_id : '';
    const { rows } = await listReadableGroups(
      db,
      request.access,
      { topLevelOnly: true, membershipOnly: true },
      { offset: 0, limit: MAX_GROUPS },
    );
    const today = calendarDateOf(now());
    const groups: CheckoutGroupJson[] = [];
    for (const group of rows) {
      if (!(await canReadBilling(db, request.access, group))) continue;
      const { plan, trial } = await planStateOf(db, group, today);
      const seats = await Promise.all(PAID_PLAN_CODES.map((paid) => seatsInUseFor(db, group, paid)));
      groups.push({
        id: group.id,
        name: group.name,
        full_path: group.full_path,
        plan,
        trial: trial?.state === 'running',
        seats_in_use: Object.fromEntries(PAID_PLAN_CODES.map((paid, index) => [paid, seats[index] ?? 0])),
      });
    }
    return sendPage(request, reply, assets, {
      title: PURCHASE_TEXTS.title(planId),
      mount: {
        page: 'subscription-new',
        groups: JSON.stringify(groups),
        namespaceId,
        planId,
        userId: String(user.id),
        paymentProvider: payments.name,
        today,
      },
    });
  });
}

/** GitLab's order params: `selected_group`, `setup_for_company`, `customer`, `subscription`, `idempotency_key`. */
function orderInput(params: Params): OrderInput {
  const customer = objectParam(params, 'customer');
  const subscription = objectParam(params, 'subscription');
  const namespaceId = requiredString(params, 'selected_group', 10);
  if (!ID.test(namespaceId)) throw new ParamError('selected_group is invalid');
  const quantity = requiredString(subscription, 'quantity', 10);
  if (!/^\d+$/.test(quantity)) throw new ParamError('subscription[quantity] is invalid');
  const paymentMethodId = requiredString(subscription, 'payment_method_id', 100);
  if (!PAYMENT_METHOD_ID.test(paymentMethodId))
    throw new ParamError('subscription[payment_method_id] is invalid');
  const idempotencyKey = requiredString(params, 'idempotency_key', 100);
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw new ParamError('idempotency_key is invalid');
  const text = (name: string) => (optionalString(customer, name, 1000) ?? '').trim();
  return {
    namespaceId: Number(namespaceId),
    plan: requiredString(subscription, 'plan_id', 32),
    seats: Number(quantity),
    paymentMethodId,
    setupForCompany: optionalBoolean(params, 'setup_for_company') ?? false,
    address: {
      country: text('country').toUpperCase(),
      address1: text('address_1'),
      address2: text('address_2'),
      city: text('city'),
      state: text('state').toUpperCase(),
      zipCode: text('zip_code'),
      company: text('company'),
    },
    idempotencyKey,
  };
}

function objectParam(params: Params, name: string): Params {
  const value = params[name];
  if (value === undefined) throw new ParamError(`${name} is missing`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ParamError(`${name} is invalid`);
  return value as Params;
}
