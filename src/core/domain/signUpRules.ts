/** GitLab's rules for a new account, as its sign-up form states them. */
import { isEmailAddress } from './memberRules.ts';
import { pathProblems } from './namespaceCreation.ts';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface SignUpInput {
  readonly name: string;
  readonly username: string;
  readonly password: string;
}

/** Each field's problems, GitLab's words; empty when the account may be made. */
export function signUpErrors(input: SignUpInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const name = input.name.trim();
  if (!name) add('name', "can't be blank");
  else if (name.length > 255) add('name', 'is too long (maximum is 255 characters)');
  const username = input.username.trim();
  // A username is a top-level path, as a group's is: the same rules, the same reserved routes.
  if (username.length < 2) add('username', 'is too short (minimum is 2 characters)');
  else for (const problem of pathProblems(username, true)) add('username', problem);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    add('password', `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`);
  } else if (input.password.length > MAX_PASSWORD_LENGTH) {
    add('password', `is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`);
  }
  return errors;
}

/** An open sign-up also names its address (an invitation's comes with the invitation). */
export interface RegistrationInput extends SignUpInput {
  readonly email: string;
}

/** A registration's problems: the account's, and the address's. */
export function registrationErrors(input: RegistrationInput): Record<string, string[]> {
  const errors = signUpErrors(input);
  const email = input.email.trim();
  if (!email) errors.email = ["can't be blank"];
  else if (!isEmailAddress(email)) errors.email = ['is invalid'];
  return errors;
}

/** Devise's and GitLab's words around registering. */
export const SIGN_UP_TEXTS = {
  title: 'Register for Plantrack',
  register: 'Register',
  welcome: 'Welcome! You have signed up successfully.',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  noAccount: "Don't have an account yet?",
  registerNow: 'Register now',
} as const;
