import { SIGN_UP_TEXTS } from '../../../core/domain/signUpRules.ts';
import { REGISTRATIONS_PATH, signInPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { SignUpForm } from '../../components/forms/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';

/**
 * `/users/sign_up`: GitLab's registration, while the instance allows it. A real form posted to
 * `/users`, which makes the account, signs in and leads home; a refusal comes back with each
 * field's problem and what was typed (never the password).
 */
export function SignUpPage({
  name,
  username,
  email,
  errors,
  csrfToken,
}: PageMountOf<'sign-up'> & { csrfToken: string | null }) {
  usePageSettled(true);
  useDocumentTitle(SIGN_UP_TEXTS.register);
  return (
    <div className="sign-in">
      <h1 className="page-title">{SIGN_UP_TEXTS.title}</h1>
      <SignUpForm
        action={REGISTRATIONS_PATH}
        csrfToken={csrfToken}
        name={name}
        username={username}
        email={email}
        emailEditable
        errors={errors}
        submitLabel={SIGN_UP_TEXTS.register}
      />
      <p className="sign-in-switch">
        {SIGN_UP_TEXTS.haveAccount} <a href={signInPath()}>{SIGN_UP_TEXTS.signIn}</a>
      </p>
    </div>
  );
}
