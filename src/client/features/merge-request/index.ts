export { MergeRequestPage, type MergeRequestPageProps } from './MergeRequestPage.tsx';
