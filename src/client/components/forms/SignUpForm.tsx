import { useId } from 'react';
import { Button } from '../../ui/index.ts';
import { parseFieldErrors } from './fieldErrors.ts';

export interface SignUpFormProps {
  /** Where the form posts (a real form: the server makes the account and signs in). */
  readonly action: string;
  readonly csrfToken: string | null;
  /** What was typed before a refusal. */
  readonly name: string;
  readonly username: string;
  /** The address: typed here, or the invitation's, shown and not editable. */
  readonly email: string;
  readonly emailEditable: boolean;
  /** JSON: the server's refusals by field. */
  readonly errors: string;
  readonly submitLabel: string;
}

/** GitLab's registration fields: full name, username, email and password, each with its refusal. */
export function SignUpForm({
  action,
  csrfToken,
  name,
  username,
  email,
  emailEditable,
  errors: errorsJson,
  submitLabel,
}: SignUpFormProps) {
  const errors = parseFieldErrors(errorsJson);
  const ids = { name: useId(), username: useId(), email: useId(), password: useId() };
  const problemId = (field: string) => `${ids.name}-${field}-error`;
  const problem = (field: string) =>
    errors[field]?.length ? (
      <p className="form-error" id={problemId(field)} data-testid={`sign-up-error-${field}`}>
        {errors[field]?.join(', ')}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field]?.length ? problemId(field) : undefined);
  return (
    <form method="post" action={action} className="sign-in-form" data-testid="sign-up-form">
      <input type="hidden" name="authenticity_token" value={csrfToken ?? ''} />
      <div className="form-field">
        <label htmlFor={ids.name}>Full name</label>
        <input
          id={ids.name}
          name="user[name]"
          className="input"
          defaultValue={name}
          autoComplete="name"
          aria-describedby={describedBy('name')}
          required
        />
        {problem('name')}
      </div>
      <div className="form-field">
        <label htmlFor={ids.username}>Username</label>
        <input
          id={ids.username}
          name="user[username]"
          className="input"
          defaultValue={username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={describedBy('username')}
          required
        />
        {problem('username')}
      </div>
      <div className="form-field">
        <label htmlFor={ids.email}>Email</label>
        {emailEditable ? (
          <input
            id={ids.email}
            name="user[email]"
            className="input"
            type="email"
            defaultValue={email}
            autoComplete="email"
            aria-describedby={describedBy('email')}
            required
          />
        ) : (
          <input id={ids.email} className="input" value={email} readOnly aria-readonly="true" />
        )}
        {problem('email')}
      </div>
      <div className="form-field">
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          name="user[password]"
          className="input"
          type="password"
          autoComplete="new-password"
          minLength={8}
          aria-describedby={`${ids.password}-hint`}
          required
        />
        <p className="muted form-hint" id={`${ids.password}-hint`}>
          Minimum length is 8 characters.
        </p>
        {problem('password')}
      </div>
      <Button type="submit" variant="confirm" className="btn-block" data-testid="sign-up-button">
        {submitLabel}
      </Button>
    </form>
  );
}
