/** GitLab's checkout: buying a plan for a top-level group, through the payment provider. */
export { CheckoutPage } from './CheckoutPage.tsx';
