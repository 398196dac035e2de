import { usePageSettled } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';

export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_TEXT = 'Make sure the address is correct and the page has not moved.';

/** The 404 content; also shown when a page's main item does not exist or is not visible. */
export function NotFoundContent() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <a href="/" className="btn btn-confirm">
          Go to the home page
        </a>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  usePageSettled(true);
  return <NotFoundContent />;
}
