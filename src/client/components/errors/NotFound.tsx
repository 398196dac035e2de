import { usePageSettled } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';

export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_TEXT = 'Make sure the address is correct and the page has not moved.';
export const NOT_FOUND_SIGN_IN_TEXT = 'If this page is private, sign in to see it.';

/**
 * The 404 content; also shown when a page's main item does not exist or is not visible. A visitor
 * who is not signed in is offered to sign in and come back (`signInPath` carries this address):
 * a private page answers the same 404 as a missing one, so nothing tells them which it is.
 */
export function NotFoundContent({ signInPath = null }: { signInPath?: string | null }) {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      {signInPath ? <p>{NOT_FOUND_SIGN_IN_TEXT}</p> : null}
      <p className="not-found-actions">
        {signInPath ? (
          <a href={signInPath} className="btn btn-confirm" data-testid="not-found-sign-in">
            Sign in
          </a>
        ) : null}
        <a href="/" className={signInPath ? 'btn btn-default' : 'btn btn-confirm'}>
          Go to the home page
        </a>
      </p>
    </section>
  );
}

export function NotFoundPage({ signInPath = null }: { signInPath?: string | null }) {
  usePageSettled(true);
  return <NotFoundContent signInPath={signInPath} />;
}
