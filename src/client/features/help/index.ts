/** The help topics the app links to. */
export { HelpIndexPage, HelpPage } from './HelpPage.tsx';
