import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVITATION_TEXTS } from '../../../core/domain/invitationTexts.ts';
import { MAILBOX_PATH, signInPath } from '../../../core/domain/webPaths.ts';
import type { MailboxMessageJson, PageMountInput } from '../../../core/pages/pageMount.ts';
import { ServiceError, ValidationError } from '../../services/errors.ts';
import {
  acceptInvitation,
  declineInvitation,
  findInvitationByToken,
  type InvitationView,
} from '../../services/members/invitationService.ts';
import { signUpWithInvitation } from '../../services/members/invitationSignUp.ts';
import { readMailbox } from '../../services/members/mailboxService.ts';
import { accessLevelName } from '../../services/members/memberSources.ts';
import { startBrowserSession } from '../auth.ts';
import { formField } from '../authRoutes.ts';
import { setFlash } from './flash.ts';
import { type PageDeps, sendPage } from './pageRoutes.ts';

type InvitationMount = Extract<PageMountInput, { page: 'invitation' }>;

function tokenOf(request: FastifyRequest): string {
  return (request.params as { token: string }).token;
}

/**
 * Email invitations and the development mailbox:
 *
 * GET  /-/invites/:token           the invitation: accept or decline it, sign in, or make an account
 * POST /-/invites/:token/accept    (signed in) become a member; to the group or project
 * POST /-/invites/:token/decline   the invitation is gone; home
 * POST /-/invites/:token/sign_up   `user[name]`, `user[username]`, `user[password]`: an account with
 *      the invitation's address, signed in and a member at once
 * GET  /-/mailbox                  the development mailbox (administrators, while no SMTP server is set)
 *
 * A revoked, used or unknown token shows the page's 'can not be found' state (404); an expired
 * invitation is shown but cannot be accepted.
 */
export function registerInvitationPages(app: FastifyInstance, deps: PageDeps): void {
  const { db, assets, now, config, mailer } = deps;

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Partial<InvitationMount> = {},
    status = 200,
  ) => {
    let view: InvitationView | undefined;
    try {
      view = await findInvitationByToken(db, tokenOf(request), now());
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
    }
    const user = request.actor.user;
    const mount: InvitationMount = view
      ? {
          page: 'invitation',
          token: tokenOf(request),
          state: view.expired ? 'expired' : 'open',
          sourceKind: view.sourceKind,
          sourceName: view.sourceName,
          sourcePath: view.sourcePath,
          inviterName: view.inviterName ?? '',
          role: accessLevelName(view.invitation.access_level),
          email: view.invitation.invite_email,
          signedInEmail: user?.email ?? '',
          signUpErrors: '',
          name: '',
          username: '',
          ...extra,
        }
      : {
          page: 'invitation',
          state: 'invalid',
          token: '',
          sourceKind: 'group',
          sourceName: '',
          sourcePath: '',
          inviterName: '',
          role: '',
          email: '',
          signedInEmail: '',
          signUpErrors: '',
          name: '',
          username: '',
        };
    return sendPage(request, reply, assets, {
      title: INVITATION_TEXTS.title,
      mount: mount,
      status: view ? status : 404,
    });
  };

  app.get('/-/invites/:token', (request, reply) => render(request, reply));

  app.post('/-/invites/:token/accept', async (request, reply) => {
    const user = request.actor.user;
    if (!user) return reply.redirect(signInPath(`/-/invites/${encodeURIComponent(tokenOf(request))}`), 302);
    try {
      const view = await acceptInvitation(db, tokenOf(request), user, now());
      setFlash(
        reply,
        INVITATION_TEXTS.accepted(
          accessLevelName(view.invitation.access_level),
          view.sourceKind,
          view.sourceName,
        ),
      );
      return reply.redirect(view.sourcePath, 302);
    } catch (error) {
      if (error instanceof ServiceError) return render(request, reply, {}, 422);
      throw error;
    }
  });

  app.post('/-/invites/:token/decline', async (request, reply) => {
    try {
      const view = await declineInvitation(db, tokenOf(request), now());
      setFlash(reply, INVITATION_TEXTS.declined(view.sourceKind, view.sourceName));
      return reply.redirect('/', 302);
    } catch (error) {
      if (error instanceof ServiceError) return render(request, reply, {}, 404);
      throw error;
    }
  });

  app.post(
    '/-/invites/:token/sign_up',
    { config: { rateLimit: { max: config.signInRateLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = {
        name: (formField(request.body, ['user', 'name']) ?? '').slice(0, 1000),
        username: (formField(request.body, ['user', 'username']) ?? '').slice(0, 1000),
        password: (formField(request.body, ['user', 'password']) ?? '').slice(0, 1000),
      };
      try {
        const { user, invitation } = await signUpWithInvitation(db, tokenOf(request), input, now());
        await startBrowserSession(request, reply, deps, user);
        setFlash(
          reply,
          INVITATION_TEXTS.accepted(
            accessLevelName(invitation.invitation.access_level),
            invitation.sourceKind,
            invitation.sourceName,
          ),
        );
        return reply.redirect(invitation.sourcePath, 302);
      } catch (error) {
        if (error instanceof ValidationError) {
          return render(
            request,
            reply,
            {
              signUpErrors: JSON.stringify(error.fieldErrors),
              name: input.name.slice(0, 255),
              username: input.username.slice(0, 255),
            },
            422,
          );
        }
        if (error instanceof ServiceError) return render(request, reply, {}, 422);
        throw error;
      }
    },
  );

  app.get(MAILBOX_PATH, async (request, reply) => {
    if (mailer.transport !== 'mailbox') return reply.callNotFound();
    if (!request.actor.user) return reply.redirect(signInPath(MAILBOX_PATH), 302);
    if (!request.actor.user.is_admin) return reply.callNotFound();
    const messages: MailboxMessageJson[] = (await readMailbox(db, request.access, {})).map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      created_at: row.created_at.toISOString(),
    }));
    return sendPage(request, reply, assets, {
      title: INVITATION_TEXTS.mailboxTitle,
      mount: { page: 'mailbox', messages: JSON.stringify(messages) },
    });
  });
}
