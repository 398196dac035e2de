/** What a group sees in place of a feature its plan lacks. */
export { FeatureUpsellPage } from './FeatureUpsellPage.tsx';
