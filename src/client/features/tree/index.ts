/** The epic page's child-items card: the tree of child epics and issues, and their roadmap. */
export { EpicTreeCard, type EpicTreeCardProps } from './EpicTreeCard.tsx';
