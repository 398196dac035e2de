/** A group's labels page. */
export { GroupLabelsPage } from './GroupLabelsPage.tsx';
