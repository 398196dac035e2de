/** Target `dom`: a plain DOM roadmap like GitLab's, every row in the document (pages/dom.js). */
import { baselineTarget } from './baseline.ts';

export const domTarget = baselineTarget(
  'dom',
  '#roadmap',
  'dom: bench ctrl+wheel handler sets the month-width CSS variable once per frame (full re-layout of every row)',
  "document.querySelectorAll('.rm-row').length",
);
