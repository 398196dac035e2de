import { descriptionDiffHtml } from '../../../core/domain/descriptionDiff.ts';
import type { Executor } from '../../db/executor.ts';
import { findDescriptionVersionPair } from '../../db/repositories/noteRepository.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import { NotFoundError } from '../errors.ts';
import type { NoteablePolicy } from './noteable.ts';

/**
 * 'Compare with previous version' of a 'changed the description' note: the inline diff between a
 * saved description and the one saved before it (an empty description when it is the first). The
 * policy says the reader may read the item; a version of another item is as missing as none.
 */
export async function describeVersionDiff(
  db: Executor,
  policy: NoteablePolicy,
  versionId: number,
): Promise<{ html: string }> {
  const pair = fitsSqlInteger(versionId)
    ? await findDescriptionVersionPair(db, policy.type, policy.id, versionId)
    : undefined;
  if (!pair) throw new NotFoundError('Description version');
  return { html: descriptionDiffHtml(pair.previous?.description ?? '', pair.version.description) };
}
