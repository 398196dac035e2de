import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const LEAD = {
  first_name: 'Olivia',
  last_name: 'Owens',
  company_name: 'Sandbox Labs',
  company_size: '100 - 499',
  phone_number: '+1 555 0100',
  country: 'US',
  state: 'IL',
  comment: 'We would like a quote for 40 seats.',
};

/**
 * The trial widget's contact-sales variant (an instance setting) and GitLab's hand-raise lead: the
 * request is kept and mailed to the instance's administrators; bad input is refused and kept nowhere.
 */
describe.each(BACKENDS)('contacting sales (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let owner: HttpClient;
  let sandboxId: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const group = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    sandboxId = String(group.id);
  });
  afterAll(() => closeCheckingRollups(server));

  const postLead = (client: HttpClient, body: Record<string, unknown>) =>
    client.request('POST', '/-/gitlab_subscriptions/hand_raise_leads', {
      json: body,
      headers: { 'x-csrf-token': client.csrfToken },
    });
  const leads = async () =>
    Number(
      (
        await server.db
          .selectFrom('hand_raise_leads')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('makes the trial widget offer the sales team instead of the upgrade when set', async () => {
    await owner.loadCsrfToken('/-/trials/new');
    await owner.request('POST', '/-/trials', {
      form: { namespace_id: sandboxId, authenticity_token: owner.csrfToken },
    });
    const status = async () =>
      JSON.parse((await mountData(await owner.get('/groups/sandbox')))['trial-status'] ?? '') as Record<
        string,
        unknown
      >;
    expect(await status()).toMatchObject({ variant: 'upgrade', namespace_id: Number(sandboxId) });
    const bad = await admin.request('PUT', '/api/v4/application/settings', {
      json: { trial_widget_variant: 'banner' },
    });
    expect(await bad.json()).toEqual({
      message: { trial_widget_variant: ['must be one of upgrade, contact_sales'] },
    });
    await admin.request('PUT', '/api/v4/application/settings', {
      json: { trial_widget_variant: 'contact_sales' },
    });
    expect(await status()).toMatchObject({ variant: 'contact_sales' });
  });

  it('keeps a lead and mails it to the administrators', async () => {
    await owner.loadCsrfToken('/groups/sandbox');
    const sent = await postLead(owner, { namespace_id: sandboxId, ...LEAD });
    expect(sent.status).toBe(200);
    const row = await server.db
      .selectFrom('hand_raise_leads')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_name: 'Sandbox Labs', country: 'US', state: 'IL' });
    const mail = await server.db
      .selectFrom('mailbox_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Olivia Owens asks sales to get in touch about Sandbox');
    expect(mail.to_address).toMatch(/@/);
    expect(mail.text_body).toContain('We would like a quote for 40 seats.');
  });

  it('refuses what is missing or wrong, and a group the person cannot see', async () => {
    const before = await leads();
    const refused = await postLead(owner, {
      namespace_id: sandboxId,
      ...LEAD,
      first_name: ' ',
      company_size: 'a few',
      country: 'XX',
      phone_number: 'call me',
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      errors: {
        first_name: ["can't be blank"],
        phone_number: ['is not a telephone number'],
        company_size: ['is not a size we know'],
        country: ['is not a country'],
        state: ['is not a state of the country'],
      },
    });
    expect((await postLead(owner, { namespace_id: sandboxId, ...LEAD, state: '' })).status).toBe(422);
    expect((await postLead(owner, { ...LEAD })).status).toBe(400);

    const outsider = new HttpClient(server.baseUrl);
    await outsider.signIn('outsider', TEST_PASSWORD);
    await outsider.loadCsrfToken('/');
    const security = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme/security')
      .executeTakeFirstOrThrow();
    expect((await postLead(outsider, { namespace_id: String(security.id), ...LEAD })).status).toBe(404);
    const anonymous = new HttpClient(server.baseUrl);
    await anonymous.loadCsrfToken();
    expect((await postLead(anonymous, { namespace_id: sandboxId, ...LEAD })).status).toBe(401);
    expect(await leads()).toBe(before);
  });
});
