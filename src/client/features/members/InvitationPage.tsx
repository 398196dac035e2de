import { useId } from 'react';
import { INVITATION_TEXTS } from '../../../core/domain/invitationTexts.ts';
import { invitationPath, signInPath } from '../../../core/domain/webPaths.ts';
import { SignUpForm } from '../../components/forms/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';

export interface InvitationPageProps {
  readonly token: string;
  readonly state: 'open' | 'expired' | 'invalid';
  readonly sourceKind: 'group' | 'project';
  readonly sourceName: string;
  readonly sourcePath: string;
  readonly inviterName: string;
  readonly role: string;
  readonly email: string;
  readonly signedInEmail: string;
  readonly signUpErrors: string;
  readonly name: string;
  readonly username: string;
  readonly csrfToken: string | null;
  readonly signedIn: boolean;
}

/**
 * An email invitation's page (GitLab's invites/show): accept or decline it when signed in; sign in,
 * or make an account with the invited address, when not. Real forms, posted to the server.
 */
export function InvitationPage(props: InvitationPageProps) {
  const {
    token,
    state,
    sourceKind,
    sourceName,
    inviterName,
    role,
    email,
    signedInEmail,
    csrfToken,
    signedIn,
  } = props;
  usePageSettled(true);
  useDocumentTitle(INVITATION_TEXTS.title);
  if (state === 'invalid') {
    return (
      <div className="invitation" data-testid="invitation-page">
        <h1 className="page-title">{INVITATION_TEXTS.title}</h1>
        <Alert variant="danger" testId="invitation-invalid">
          {INVITATION_TEXTS.invalid}
        </Alert>
      </div>
    );
  }
  const base = invitationPath(token);
  const token_ = <input type="hidden" name="authenticity_token" value={csrfToken ?? ''} />;
  return (
    <div className="invitation" data-testid="invitation-page">
      <h1 className="page-title">{INVITATION_TEXTS.title}</h1>
      <p className="invitation-lead" data-testid="invitation-lead">
        {inviterName ? `${inviterName} invited you` : 'You are invited'} to join the{' '}
        <strong>{sourceName}</strong> {sourceKind} as <strong>{role}</strong>.
      </p>
      {state === 'expired' ? (
        <Alert variant="warning" testId="invitation-expired">
          {INVITATION_TEXTS.expired}
        </Alert>
      ) : null}
      {signedIn && signedInEmail && signedInEmail.toLowerCase() !== email.toLowerCase() ? (
        <Alert variant="info" testId="invitation-other-email">
          {INVITATION_TEXTS.otherEmail(email, signedInEmail)}
        </Alert>
      ) : null}
      <div className="invitation-actions">
        {state === 'open' && signedIn ? (
          <form method="post" action={`${base}/accept`}>
            {token_}
            <Button type="submit" variant="confirm" data-testid="invitation-accept">
              {INVITATION_TEXTS.accept}
            </Button>
          </form>
        ) : null}
        {state === 'open' && !signedIn ? (
          <a className="btn btn-default" href={signInPath(base)} data-testid="invitation-sign-in">
            {INVITATION_TEXTS.signInToAccept}
          </a>
        ) : null}
        <form method="post" action={`${base}/decline`}>
          {token_}
          <Button type="submit" data-testid="invitation-decline">
            {INVITATION_TEXTS.decline}
          </Button>
        </form>
      </div>
      {state === 'open' && !signedIn ? <InvitationSignUp {...props} action={`${base}/sign_up`} /> : null}
    </div>
  );
}

function InvitationSignUp({
  action,
  email,
  name,
  username,
  signUpErrors,
  csrfToken,
}: InvitationPageProps & { action: string }) {
  const titleId = useId();
  return (
    <section className="invitation-sign-up" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {INVITATION_TEXTS.createAccount}
      </h2>
      <SignUpForm
        action={action}
        csrfToken={csrfToken}
        name={name}
        username={username}
        email={email}
        emailEditable={false}
        errors={signUpErrors}
        submitLabel={INVITATION_TEXTS.register}
      />
    </section>
  );
}
