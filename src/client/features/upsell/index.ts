/** What a group sees in place of a feature its plan lacks. */
export { FeatureUpsell, FeatureUpsellPage, type UpsellFeature } from './FeatureUpsellPage.tsx';
