/**
 * The site form's draft, pure: what it starts from, how it becomes the fields a save sends, and
 * which of the server's refusals show beside a field and which above the form.
 */
import { err, ok, type Result } from '../../../core/lib/result.ts';
import type { GeoSite, GeoSiteFields, GeoSiteRefusal } from '../../data/index.ts';
import { GEO_TEXT } from './geoTexts.ts';

/** The form's fields as typed: capacities stay text until saved, so a half-typed one is the form's. */
export interface GeoSiteDraft {
  readonly name: string;
  readonly url: string;
  readonly primary: boolean;
  readonly internalUrl: string;
  readonly filesMaxCapacity: string;
  readonly verificationMaxCapacity: string;
}

/** GitLab's defaults for a new site (a secondary, 10 files and 100 checks at a time). */
export const NEW_SITE_DRAFT: GeoSiteDraft = {
  name: '',
  url: '',
  primary: false,
  internalUrl: '',
  filesMaxCapacity: '10',
  verificationMaxCapacity: '100',
};

/**
 * What the form starts a new site from: a secondary, or, while there is no primary, this server
 * as the primary (GitLab's first site is the primary, named by its GEO_NODE_NAME).
 */
export function newSiteDraft(
  hasPrimary: boolean,
  thisSite: { readonly name: string; readonly url: string },
): GeoSiteDraft {
  if (hasPrimary || !thisSite.url) return NEW_SITE_DRAFT;
  return { ...NEW_SITE_DRAFT, primary: true, name: thisSite.name, url: thisSite.url };
}

export const draftOfSite = (site: GeoSite): GeoSiteDraft => ({
  name: site.name,
  url: site.url,
  primary: site.primary,
  internalUrl: site.internalUrl ?? '',
  filesMaxCapacity: String(site.filesMaxCapacity),
  verificationMaxCapacity: String(site.verificationMaxCapacity),
});

const wholeNumber = (text: string): number | null => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null);

/**
 * The fields a save sends, or the capacities that are no whole number (refused here, by GitLab's
 * field names, as the server would). Names and URLs are the server's to check.
 */
export function fieldsOfDraft(draft: GeoSiteDraft): Result<GeoSiteFields, GeoSiteRefusal> {
  const files = wholeNumber(draft.filesMaxCapacity);
  const verification = wholeNumber(draft.verificationMaxCapacity);
  if (files === null || verification === null) {
    return err({
      fields: {
        ...(files === null ? { files_max_capacity: [GEO_TEXT.notANumber] } : {}),
        ...(verification === null ? { verification_max_capacity: [GEO_TEXT.notANumber] } : {}),
      },
      message: '',
    });
  }
  return ok({ ...draft, filesMaxCapacity: files, verificationMaxCapacity: verification });
}

/** The fields the form shows, by GitLab's names: a primary has no file synchronization to tune. */
export function shownFields(draft: GeoSiteDraft): readonly string[] {
  const fields = ['name', 'url', 'primary', 'internal_url', 'verification_max_capacity'];
  return draft.primary ? fields : [...fields, 'files_max_capacity'];
}

/** The server's messages of a field, as sent; undefined when it has none. */
export const fieldProblem = (refusal: GeoSiteRefusal | null, field: string): string | undefined =>
  refusal?.fields[field]?.join(', ') || undefined;

/**
 * What a refusal says above the form: its one message, and the refusals of fields the form does not
 * show as sentences ('Enabled …' unless GitLab's message is a whole sentence); '' when none.
 */
export function refusalSummary(refusal: GeoSiteRefusal | null, shown: readonly string[]): string {
  if (!refusal) return '';
  const others = Object.entries(refusal.fields)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, messages]) =>
      messages.map((message) => {
        if (/^[A-Z]/.test(message)) return message;
        const name = field.replace(/_/g, ' ');
        return `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} ${message}`;
      }),
    );
  return [refusal.message, ...others].filter(Boolean).join('. ');
}
