/** Signing in, and registering an account. */
export { SignInPage, type SignInPageProps } from './SignInPage.tsx';
export { SignUpPage } from './SignUpPage.tsx';
