import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TEXTS } from '../../src/core/domain/invitationTexts.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const SECURITY = encodeURIComponent('acme/security');

/**
 * Email invitations end to end over HTTP: the mail in the development mailbox, its link's page,
 * accepting as a new person who makes an account, or as a signed-in user, declining, and the
 * links that no longer work.
 */
describe.each(BACKENDS)('email invitations (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 3, issues: 5 });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
  });
  afterAll(() => closeCheckingRollups(server));

  /** Invites the address to acme/security and returns the link's path from the mailbox. */
  const invite = async (email: string, body: Record<string, unknown> = {}) => {
    const response = await owner.request('POST', `/api/v4/groups/${SECURITY}/invitations`, {
      json: { email, access_level: 30, ...body },
    });
    expect(await response.json()).toEqual({ status: 'success' });
    const [mail] = await server.db
      .selectFrom('mailbox_messages')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const path = /\/-\/invites\/[\w-]+/.exec(mail?.text_body ?? '')?.[0];
    if (!path) throw new Error(`no invitation link mailed to ${email}`);
    return path;
  };

  it('lets a new person make an account from the link, signed in and a member at once', async () => {
    const path = await invite('grace.new@example.org');
    const browser = new HttpClient(server.baseUrl);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    const mount = await mountData(page);
    expect(mount).toMatchObject({
      page: 'invitation',
      state: 'open',
      'source-name': 'Security',
      role: 'Developer',
    });

    await browser.loadCsrfToken(path);
    const refused = await browser.request('POST', `${path}/sign_up`, {
      form: {
        'user[name]': 'Grace New',
        'user[username]': 'owner',
        'user[password]': 'short',
        authenticity_token: browser.csrfToken,
      },
    });
    expect(refused.status).toBe(422);
    expect(JSON.parse((await mountData(refused))['sign-up-errors'] ?? '{}')).toEqual({
      username: ['has already been taken'],
      password: ['is too short (minimum is 8 characters)'],
    });

    const created = await browser.request('POST', `${path}/sign_up`, {
      form: {
        'user[name]': 'Grace New',
        'user[username]': 'grace.new',
        'user[password]': 'a-long-password',
        authenticity_token: browser.csrfToken,
      },
    });
    expect(created.status).toBe(302);
    expect(created.headers.get('location')).toBe('/groups/acme/security');
    expect((await browser.get('/api/v4/groups/acme%2Fsecurity')).status).toBe(200);
    const members = await owner.json<{ username: string; access_level: number }[]>(
      `/api/v4/groups/${SECURITY}/members`,
    );
    expect(members.body).toContainEqual(expect.objectContaining({ username: 'grace.new', access_level: 30 }));
    // The link is used up.
    expect((await browser.get(path)).status).toBe(404);
  });

  it('lets a signed-in user accept, and anyone decline; revoked and expired links do not work', async () => {
    const outsider = new HttpClient(server.baseUrl);
    await outsider.signIn('outsider', TEST_PASSWORD);
    const path = await invite('otto.elsewhere@example.org');
    const page = await mountData(await outsider.get(path));
    expect(page).toMatchObject({ state: 'open', 'signed-in-email': 'outsider@example.com' });
    const accepted = await outsider.request('POST', `${path}/accept`, {
      form: { authenticity_token: outsider.csrfToken },
    });
    expect(accepted.status).toBe(302);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(200);

    const declinePath = await invite('declines@example.org');
    const stranger = new HttpClient(server.baseUrl);
    await stranger.loadCsrfToken(declinePath);
    const declined = await stranger.request('POST', `${declinePath}/decline`, {
      form: { authenticity_token: stranger.csrfToken },
    });
    expect(declined.status).toBe(302);
    expect((await stranger.get(declinePath)).status).toBe(404);

    const revokedPath = await invite('revoked@example.org');
    await owner.request('DELETE', `/api/v4/groups/${SECURITY}/invitations/revoked@example.org`);
    const revoked = await stranger.get(revokedPath);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toContain('data-state="invalid"');

    const expiringPath = await invite('late@example.org', { expires_at: '2099-01-01' });
    await server.db
      .updateTable('member_invitations')
      .set({ expires_at: '2020-01-01' })
      .where('invite_email', '=', 'late@example.org')
      .execute();
    expect(await mountData(await stranger.get(expiringPath))).toMatchObject({ state: 'expired' });
    const late = await stranger.request('POST', `${expiringPath}/sign_up`, {
      form: {
        'user[name]': 'Late',
        'user[username]': 'late.person',
        'user[password]': 'a-long-password',
        authenticity_token: stranger.csrfToken,
      },
    });
    expect(late.status).toBe(422);
    expect(
      await server.db.selectFrom('users').select('id').where('username', '=', 'late.person').execute(),
    ).toEqual([]);
  });

  it('shows the development mailbox to administrators only', async () => {
    const admin = new HttpClient(server.baseUrl);
    await admin.signIn('admin', TEST_PASSWORD);
    const page = await admin.get('/-/mailbox');
    expect(page.status).toBe(200);
    const messages = JSON.parse((await mountData(page)).messages ?? '[]') as { to: string }[];
    expect(messages.map((message) => message.to)).toContain('grace.new@example.org');
    expect(INVITATION_TEXTS.mailboxTitle).toBe('Development mailbox');

    const developer = new HttpClient(server.baseUrl);
    await developer.signIn('developer', TEST_PASSWORD);
    expect((await developer.get('/-/mailbox')).status).toBe(404);
    expect((await new HttpClient(server.baseUrl).get('/-/mailbox')).status).toBe(302);
  });
});
