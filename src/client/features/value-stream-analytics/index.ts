/** GitLab's group value stream analytics page. */
export { ValueStreamAnalyticsPage, type ValueStreamAnalyticsPageProps } from './ValueStreamAnalyticsPage.tsx';
