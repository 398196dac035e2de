/** A top-level group's Billing page: its plan, seats and dates, and the plans compared. */
export { BillingPage } from './BillingPage.tsx';
