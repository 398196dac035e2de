/** What a block shows when a write fails (spec, "Mutations and fetches"). */
export interface BlockError {
  /** The block's own text. */
  readonly message: string;
  /** The server's first error message, shown as it is; null when the server gave none. */
  readonly detail: string | null;
}

/** The block's text, followed by the server's first error when there is one. */
export function writeError(text: string, serverError: string | null): BlockError {
  return { message: text, detail: serverError && serverError !== text ? serverError : null };
}

/** The server's first error alone, or the block's text when the server gave none (confidentiality). */
export function firstErrorOr(text: string, serverError: string | null): BlockError {
  return { message: serverError ?? text, detail: null };
}

/** One line for a toast, where a collapsed block has no room for an alert. */
export function blockErrorText(error: BlockError): string {
  return error.detail ? `${error.message} ${error.detail}` : error.message;
}
