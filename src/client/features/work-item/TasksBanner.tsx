import { useState } from 'react';
import { browserStorage, readStoredEntry, writeStoredEntry } from '../../lib/index.ts';
import { Button } from '../../ui/index.ts';
import { WORK_ITEM_TEXT, WORK_ITEM_VIEWED_STORAGE_KEY } from './workItemTexts.ts';

const WHAT = 'the tasks banner’s dismissal';
const storage = () => browserStorage('Remembering the tasks banner’s dismissal');

/**
 * GitLab's "Introducing tasks" banner: shown until dismissed; the dismissal is kept in local
 * storage under GitLab's key, so it stays away on every work item after that.
 */
export function TasksBanner() {
  const [shown, setShown] = useState(() => readShown());
  if (!shown) return null;
  return (
    <section className="alert alert-info work-item-banner" data-testid="work-item-information">
      <div className="work-item-banner-text">
        <p className="alert-title">{WORK_ITEM_TEXT.bannerTitle}</p>
        <p>{WORK_ITEM_TEXT.bannerBody}</p>
      </div>
      <Button
        variant="tertiary"
        icon="close"
        iconOnly
        aria-label={WORK_ITEM_TEXT.dismissBanner}
        onClick={() => {
          setShown(false);
          writeStoredEntry(storage(), WORK_ITEM_VIEWED_STORAGE_KEY, 'false', WHAT);
        }}
        data-testid="work-item-information-dismiss"
      />
    </section>
  );
}

function readShown(): boolean {
  return readStoredEntry(storage(), WORK_ITEM_VIEWED_STORAGE_KEY, (text) => text !== 'false', true, WHAT);
}
