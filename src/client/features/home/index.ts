/** The home page (a user's issues, to-dos and frequently visited places; the groups) and the issues dashboard. */
export { DashboardIssuesPage } from './DashboardIssuesPage.tsx';
export {
  type FrequentItem,
  type FrequentKind,
  readFrequentItems,
  rememberVisit,
  topFrequentItems,
} from './frequentItems.ts';
export { HomePage } from './HomePage.tsx';
