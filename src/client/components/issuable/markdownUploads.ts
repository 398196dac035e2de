import { createContext, useContext } from 'react';

/**
 * Where the markdown fields of a page attach files (a project's or a group's uploads API), given by
 * the page; fields without one offer no attachments.
 */
export const MarkdownUploadsContext = createContext<string | null>(null);

export const useMarkdownUploads = (): string | null => useContext(MarkdownUploadsContext);

/** Files carried by a drop or a paste (a paste of text carries none). */
export const filesOf = (transfer: DataTransfer | null): File[] =>
  transfer ? Array.from(transfer.files) : [];
