/** The not-found state: a whole page, or the content a page shows when its item does not exist. */
export { NOT_FOUND_TEXT, NOT_FOUND_TITLE, NotFoundContent, NotFoundPage } from './NotFound.tsx';
