/** The sign-in page. */
export { SignInPage, type SignInPageProps } from './SignInPage.tsx';
