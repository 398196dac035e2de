/** GitLab's free trial: the page that starts one. */
export { TrialNewPage } from './TrialNewPage.tsx';
