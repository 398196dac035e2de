import { useId } from 'react';
import { SIGN_UP_TEXTS } from '../../../core/domain/signUpRules.ts';
import { usePageSettled } from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';

export interface SignInPageProps {
  readonly error: string | null;
  readonly login: string;
  readonly redirectTo: string;
  /** The registration page while sign-up is enabled; '' hides the link. */
  readonly signUpPath: string;
  readonly csrfToken: string | null;
}

/** A real form posted to the server, which signs in and redirects (no client-side auth). */
export function SignInPage({ error, login, redirectTo, signUpPath, csrfToken }: SignInPageProps) {
  usePageSettled(true);
  useDocumentTitle('Sign in');
  const loginId = useId();
  const passwordId = useId();
  return (
    <div className="sign-in">
      <h1 className="page-title">Sign in</h1>
      {error ? (
        <Alert variant="danger" testId="sign-in-error">
          {error}
        </Alert>
      ) : null}
      <form method="post" action="/users/sign_in" className="sign-in-form" data-testid="sign-in-form">
        <input type="hidden" name="authenticity_token" value={csrfToken ?? ''} />
        <input type="hidden" name="redirect_to" value={redirectTo} />
        <div className="form-field">
          <label htmlFor={loginId}>Username or primary email</label>
          <input
            id={loginId}
            name="user[login]"
            className="input"
            type="text"
            defaultValue={login}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            // biome-ignore lint/a11y/noAutofocus: the sign-in page exists to take this one input
            autoFocus={!login}
            data-testid="username-field"
          />
        </div>
        <div className="form-field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            name="user[password]"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            // biome-ignore lint/a11y/noAutofocus: with the login prefilled, the password is next
            autoFocus={Boolean(login)}
            data-testid="password-field"
          />
        </div>
        <Button type="submit" variant="confirm" className="btn-block" data-testid="sign-in-button">
          Sign in
        </Button>
      </form>
      {signUpPath ? (
        <p className="sign-in-switch">
          {SIGN_UP_TEXTS.noAccount}{' '}
          <a href={signUpPath} data-testid="register-link">
            {SIGN_UP_TEXTS.registerNow}
          </a>
        </p>
      ) : null}
    </div>
  );
}
