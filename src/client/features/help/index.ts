/** The help topics the app links to. */
export { HelpPage } from './HelpPage.tsx';
