import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termEndDay } from '../../src/core/domain/purchase.ts';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINES = '4000000000000002';
const NEEDS_CONFIRMATION = '4000002500003155';
const FAILS_VALIDATION = '4000000000000101';

const ADDRESS = {
  country: 'US',
  address_1: '1 Main Street',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  company: '',
};

/**
 * GitLab's checkout (`/-/countries`, `/-/country_states`, `/-/subscriptions/payment_form`,
 * `payment_method`, `validate_payment_method`, `POST /-/subscriptions`) over the built-in sandbox
 * payment provider: the card goes to the provider, the order charges it once per idempotency key,
 * and a paid order puts the group on the plan at once with an invoice.
 */
describe.each(BACKENDS)('buying a plan (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let owner: HttpClient;
  let ownerId: string;
  let sandboxId: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    owner = await browserOf('owner');
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    ownerId = String(user.id);
    const group = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    sandboxId = String(group.id);
  });
  afterAll(() => closeCheckingRollups(server));

  async function browserOf(username: string) {
    const client = new HttpClient(server.baseUrl);
    await client.signIn(username, TEST_PASSWORD);
    return client;
  }
  const post = (client: HttpClient, path: string, json: unknown) =>
    client.request('POST', path, { json, headers: { 'x-csrf-token': client.csrfToken } });

  /** The checkout's card step: the form's token, the card to the provider, the stored card back. */
  async function storeCard(client: HttpClient, number: string, overrides: Record<string, string> = {}) {
    const form = (
      await client.json<{ url: string; token: string }>('/-/subscriptions/payment_form?id=paid_signup_flow')
    ).body;
    const response = await post(client, form.url, {
      token: form.token,
      number,
      exp_month: '12',
      exp_year: String((new Date().getUTCFullYear() + 3) % 100),
      cvc: '123',
      name: 'Olivia Owens',
      ...overrides,
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  const order = (paymentMethodId: string, changes: Record<string, unknown> = {}) => ({
    selected_group: sandboxId,
    setup_for_company: false,
    customer: ADDRESS,
    subscription: { plan_id: 'premium', payment_method_id: paymentMethodId, quantity: '10' },
    idempotency_key: `test-${Math.random().toString(36).slice(2)}`,
    ...changes,
  });
  const subscription = async () =>
    (
      await admin.json<{
        plan: Record<string, unknown>;
        usage: Record<string, unknown>;
        billing: Record<string, unknown>;
      }>('/api/v4/namespaces/sandbox/gitlab_subscription')
    ).body;
  const count = async (table: 'invoices' | 'sandbox_payment_intents' | 'subscription_orders') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('lists countries and their states from the data package, and refuses what is not a country', async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const countries = await anonymous.json<[string, string][]>('/-/countries');
    expect(countries.status).toBe(200);
    expect(countries.body).toContainEqual(['Germany', 'DE']);
    expect(countries.body.length).toBeGreaterThan(240);
    const states = await anonymous.json<Record<string, string>>('/-/country_states?country=US');
    expect(states.body).toMatchObject({ Alabama: 'AL', Wyoming: 'WY' });
    expect((await anonymous.json<Record<string, string>>('/-/country_states?country=ca')).body.Ontario).toBe(
      'ON',
    );
    expect((await anonymous.get('/-/country_states?country=XX')).status).toBe(404);
    expect((await anonymous.get('/-/country_states')).status).toBe(400);
  });

  it('takes a test card at the provider, shows it back masked, and refuses any other card', async () => {
    expect(
      (await new HttpClient(server.baseUrl).get('/-/subscriptions/payment_form?id=paid_signup_flow')).status,
    ).toBe(401);
    expect((await owner.get('/-/subscriptions/payment_form?id=other')).status).toBe(404);

    const stored = await storeCard(owner, SUCCEEDS);
    expect(stored.status).toBe(201);
    const method = await owner.json<Record<string, unknown>>(
      `/-/subscriptions/payment_method?id=${stored.body.id}`,
    );
    expect(method.body).toMatchObject({
      id: stored.body.id,
      credit_card_type: 'Visa',
      credit_card_mask_number: '•••• 4242',
      credit_card_expiration_month: 12,
    });
    // The provider keeps the last four digits, never the number.
    const row = await server.db
      .selectFrom('sandbox_payment_methods')
      .selectAll()
      .where('id', '=', stored.body.id ?? '')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    expect((await storeCard(owner, '4242 4242 4242 4241')).body.message).toBe('Your card number is invalid.');
    expect((await storeCard(owner, '4111 1111 1111 1111')).body.message).toMatch(/only its test cards/);
    expect((await storeCard(owner, SUCCEEDS, { exp_year: '20' })).body.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect((await storeCard(owner, SUCCEEDS, { cvc: '12' })).status).toBe(422);
    const forged = await post(owner, '/-/payments/sandbox/payment_methods', {
      token: 'abc.1.def',
      number: SUCCEEDS,
      exp_month: '12',
      exp_year: '40',
      cvc: '123',
      name: 'x',
    });
    expect(forged.status).toBe(422);

    // Someone else's card is not there for them.
    const developer = await browserOf('developer');
    expect((await developer.get(`/-/subscriptions/payment_method?id=${stored.body.id}`)).status).toBe(404);
  });

  it('validates a card for the person paying only', async () => {
    const good = await storeCard(owner, SUCCEEDS);
    const validate = (id: string, userId: string) =>
      post(owner, '/-/subscriptions/validate_payment_method', { id, gitlab_user_id: userId });
    expect(await (await validate(good.body.id ?? '', ownerId)).json()).toEqual({ success: true });
    expect((await validate(good.body.id ?? '', '1')).status).toBe(403);
    const bad = await storeCard(owner, FAILS_VALIDATION);
    expect(await (await validate(bad.body.id ?? '', ownerId)).json()).toEqual({
      success: false,
      error: "The card's security code is incorrect.",
    });
  });

  it('refuses bad orders with a clear reason and changes nothing', async () => {
    const card = (await storeCard(owner, SUCCEEDS)).body.id ?? '';
    const orders = await count('subscription_orders');
    const refused = async (body: unknown, client = owner) => {
      const response = await post(client, '/-/subscriptions', body);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    expect((await refused({ ...order(card), customer: undefined })).status).toBe(400);
    expect((await refused(order(card, { idempotency_key: 'short' }))).status).toBe(400);
    const unknownCountry = await refused(order(card, { customer: { ...ADDRESS, country: 'XX' } }));
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.body.errors).toMatchObject({ country: ['is not a country we can bill'] });
    const missing = await refused(order(card, { customer: { country: 'US' } }));
    expect(Object.keys(missing.body.errors as object).sort()).toEqual([
      'address_1',
      'city',
      'state',
      'zip_code',
    ]);
    const company = await refused(order(card, { setup_for_company: true }));
    expect(company.body.errors).toMatchObject({ company: ["can't be blank"] });
    const fewSeats = await refused(
      order(card, { subscription: { plan_id: 'premium', payment_method_id: card, quantity: '1' } }),
    );
    expect(fewSeats.status).toBe(422);
    expect((fewSeats.body.errors as Record<string, string[]>).quantity?.[0]).toMatch(
      /^must be at least \d+, the seats/,
    );
    const free = await refused(
      order(card, { subscription: { plan_id: 'free', payment_method_id: card, quantity: '10' } }),
    );
    expect(free.body.errors).toMatchObject({ plan_id: ['is not a plan that can be bought'] });
    const othersCard = await refused(order('pm_unknown'));
    expect(othersCard.body.errors).toMatchObject({ payment_method_id: ['is not a payment method of yours'] });
    // Only the group's owners buy its plan.
    const developer = await browserOf('developer');
    const developerCard = (await storeCard(developer, SUCCEEDS)).body.id ?? '';
    expect((await refused(order(developerCard), developer)).status).toBe(403);

    const declinedCard = (await storeCard(owner, DECLINES)).body.id ?? '';
    const declined = await refused(order(declinedCard));
    expect(declined).toEqual({ status: 422, body: { errors: 'Your card was declined.' } });

    expect(await count('subscription_orders')).toBe(orders + 1);
    expect(await count('invoices')).toBe(0);
    expect((await subscription()).plan).toMatchObject({ code: 'free' });
  });

  it('puts the group on the plan at once, records one invoice, and charges a replayed order once', async () => {
    const card = (await storeCard(owner, SUCCEEDS)).body.id ?? '';
    const body = order(card);
    const intents = await count('sandbox_payment_intents');
    const placed = await post(owner, '/-/subscriptions', body);
    expect(placed.status).toBe(200);
    const answer = (await placed.json()) as Record<string, string>;
    expect(answer).toMatchObject({ status: 'paid', location: '/groups/sandbox/-/billings' });
    expect(answer.invoice).toMatch(/^INV-\d{6}$/);

    const today = calendarDateOf(new Date());
    expect(await subscription()).toMatchObject({
      plan: { code: 'premium', trial: false, auto_renew: true },
      usage: { seats_in_subscription: 10, seats_owed: 0 },
      billing: { subscription_start_date: today, subscription_end_date: termEndDay(today) },
    });

    const replayed = await post(owner, '/-/subscriptions', body);
    expect(await replayed.json()).toEqual(answer);
    expect(await count('invoices')).toBe(1);
    expect(await count('sandbox_payment_intents')).toBe(intents + 1);
    const changed = await post(owner, '/-/subscriptions', {
      ...body,
      subscription: { ...body.subscription, quantity: '11' },
    });
    expect(changed.status).toBe(422);

    const billing = JSON.parse(
      (await mountData(await owner.get('/groups/sandbox/-/billings'))).billing ?? '',
    );
    expect(billing.invoices).toEqual([
      expect.objectContaining({
        number: answer.invoice,
        plan: 'premium',
        seats: 10,
        amount_cents: 348_000,
        card: 'Visa •••• 4242',
      }),
    ]);
  });

  it('waits for the bank when the card asks for confirmation, then upgrades, or refuses when the holder does', async () => {
    const card = (await storeCard(owner, NEEDS_CONFIRMATION)).body.id ?? '';
    const ultimate = { plan_id: 'ultimate', payment_method_id: card, quantity: '10' };

    const refusedBody = order(card, { subscription: ultimate });
    const waiting = (await (await post(owner, '/-/subscriptions', refusedBody)).json()) as Record<
      string,
      string
    >;
    expect(waiting.status).toBe('requires_confirmation');
    expect((await post(owner, waiting.confirmation_url ?? '', { outcome: 'decline' })).status).toBe(200);
    const refused = await post(owner, '/-/subscriptions', refusedBody);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ errors: 'Your bank did not confirm the payment.' });
    expect((await subscription()).plan).toMatchObject({ code: 'premium' });

    const body = order(card, { subscription: ultimate });
    const pending = (await (await post(owner, '/-/subscriptions', body)).json()) as Record<string, string>;
    expect(pending.status).toBe('requires_confirmation');
    // Only the card's holder answers their bank.
    const developer = await browserOf('developer');
    expect((await post(developer, pending.confirmation_url ?? '', { outcome: 'approve' })).status).toBe(404);
    // Asked again before the bank answered, the order still waits, and nothing is charged twice.
    expect(await (await post(owner, '/-/subscriptions', body)).json()).toMatchObject({
      status: 'requires_confirmation',
    });
    expect(await (await post(owner, pending.confirmation_url ?? '', { outcome: 'approve' })).json()).toEqual({
      status: 'succeeded',
    });
    expect(await (await post(owner, '/-/subscriptions', body)).json()).toMatchObject({ status: 'paid' });
    expect((await subscription()).plan).toMatchObject({ code: 'ultimate', exclude_guests: true });
    expect(await count('invoices')).toBe(2);

    const events = await server.db.selectFrom('payment_events').select('type').orderBy('id').execute();
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        'payment_method.attached',
        'setup_intent.succeeded',
        'setup_intent.setup_failed',
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'payment_intent.requires_action',
      ]),
    );
  });

  it('shows the checkout to the owners of top-level groups, with the seats each plan would bill', async () => {
    const page = await owner.get(`/-/subscriptions/new?namespace_id=${sandboxId}&plan_id=ultimate`);
    expect(page.status).toBe(200);
    const data = await mountData(page);
    expect(data['plan-id']).toBe('ultimate');
    expect(data['user-id']).toBe(ownerId);
    const groups = JSON.parse(data.groups ?? '[]') as {
      full_path: string;
      seats_in_use: Record<string, number>;
    }[];
    expect(groups.map((group) => group.full_path).sort()).toEqual(['acme', 'initech', 'sandbox', 'workshop']);
    const acme = groups.find((group) => group.full_path === 'acme');
    // Ultimate does not bill Guests.
    expect(acme?.seats_in_use.premium).toBeGreaterThan(acme?.seats_in_use.ultimate ?? 0);
    const signedOut = await new HttpClient(server.baseUrl).get('/-/subscriptions/new');
    expect(signedOut.status).toBe(302);
  });
});
