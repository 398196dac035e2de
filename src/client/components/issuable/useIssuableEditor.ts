import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IssuableText, IssuableTextClient } from '../../data/index.ts';
import { DraftStore, isDraftOutdated, localDraftStorage } from './draftAutosave.ts';
import { ISSUABLE_TEXT, updateErrorText } from './issuableTexts.ts';

export interface EditorForm {
  readonly title: string;
  readonly description: string;
  /** An issue's type selector ('issue', 'incident'); null for an epic. Not kept in drafts. */
  readonly issueType: string | null;
}

export interface IssuableEditor {
  readonly editing: boolean;
  readonly form: EditorForm;
  readonly saving: boolean;
  /** 'Error updating epic. …', cleared at the next save. */
  readonly flash: string | null;
  /** The save met a newer version (409): GitLab's concurrent-edit warning. */
  readonly lockedWarning: boolean;
  /** A kept draft predates the saved description: Keep or Discard. */
  readonly outdatedDraft: boolean;
  readonly confirmingCancel: boolean;
  readonly dirty: boolean;
  readonly canSave: boolean;
  open(): void;
  change(field: 'title' | 'description' | 'issueType', value: string): void;
  save(): Promise<void>;
  requestCancel(): void;
  discardChanges(): void;
  continueEditing(): void;
  keepDraft(): void;
  discardDraft(): void;
}

/**
 * The title and description form of GitLab's issuable app: opens on the pencil with a kept draft if
 * there is one, autosaves every keystroke locally, saves with the lock version it started from (a stale
 * one is refused by the server: the locked warning), asks before throwing changes away, and closes after
 * a successful save.
 */
export function useIssuableEditor(options: {
  readonly text: IssuableText | null;
  /** Saves the form; its type names the issuable in the error flash. */
  readonly client: IssuableTextClient;
  readonly onSaved: (text: IssuableText, webUrl: string) => void;
}): IssuableEditor {
  const { text, client, onSaved } = options;
  const drafts = useMemo(
    () => new DraftStore(localDraftStorage(), window.location.pathname, window.location.search),
    [],
  );
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<EditorForm>({ title: '', description: '', issueType: null });
  const [baseLockVersion, setBaseLockVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const [lockedWarning, setLockedWarning] = useState(false);
  const [outdatedDraft, setOutdatedDraft] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const dirty =
    editing &&
    text !== null &&
    (form.title !== text.titleText ||
      form.description !== text.descriptionText ||
      form.issueType !== text.issueType);

  const close = useCallback(() => {
    setEditing(false);
    setConfirmingCancel(false);
    setLockedWarning(false);
    setOutdatedDraft(false);
  }, []);

  const open = useCallback(() => {
    if (!text) return;
    const draft = drafts.load();
    setForm({
      title: draft?.title ?? text.titleText,
      description: draft?.description ?? text.descriptionText,
      issueType: text.issueType,
    });
    setOutdatedDraft(isDraftOutdated(draft, text.lockVersion));
    // An outdated draft is saved against the version it started from until the user chooses Keep.
    setBaseLockVersion(draft?.lockVersion ?? text.lockVersion);
    setFlash(null);
    setLockedWarning(false);
    setEditing(true);
  }, [drafts, text]);

  const change = useCallback(
    (field: 'title' | 'description' | 'issueType', value: string) => {
      setForm((current) => ({ ...current, [field]: value }));
      if (field !== 'issueType') drafts.save(field, value, baseLockVersion);
    },
    [drafts, baseLockVersion],
  );

  const save = useCallback(async () => {
    if (!text || saving) return;
    const title = form.title.trim();
    if (title === '') return;
    setSaving(true);
    setFlash(null);
    const answer = await client.save({
      ...(title !== text.titleText ? { title } : {}),
      ...(form.description !== text.descriptionText ? { description: form.description } : {}),
      ...(form.issueType !== null && form.issueType !== text.issueType ? { issueType: form.issueType } : {}),
      lockVersion: baseLockVersion,
    });
    setSaving(false);
    if (answer.ok) {
      drafts.clear();
      close();
      onSaved(answer.value.text, answer.value.webUrl);
    } else if (answer.error.status === 409) {
      setLockedWarning(true);
    } else {
      setFlash(updateErrorText(client.issuableType, answer.error.errors));
    }
  }, [text, saving, form, client, baseLockVersion, drafts, close, onSaved]);

  const requestCancel = useCallback(() => {
    if (dirty) setConfirmingCancel(true);
    else {
      drafts.clear();
      close();
    }
  }, [dirty, drafts, close]);

  const discardChanges = useCallback(() => {
    drafts.clear();
    close();
  }, [drafts, close]);

  const keepDraft = useCallback(() => {
    if (!text) return;
    setOutdatedDraft(false);
    setBaseLockVersion(text.lockVersion);
    drafts.save('description', form.description, text.lockVersion);
  }, [text, drafts, form.description]);

  const discardDraft = useCallback(() => {
    if (!text) return;
    drafts.clear();
    setForm({ title: text.titleText, description: text.descriptionText, issueType: text.issueType });
    setBaseLockVersion(text.lockVersion);
    setOutdatedDraft(false);
  }, [text, drafts]);

  // GitLab's leave-page warning while the form holds unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ISSUABLE_TEXT.leavePageQuestion;
      return ISSUABLE_TEXT.leavePageQuestion;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    editing,
    form,
    saving,
    flash,
    lockedWarning,
    outdatedDraft,
    confirmingCancel,
    dirty,
    canSave: form.title.trim() !== '' && !saving,
    open,
    change,
    save,
    requestCancel,
    discardChanges,
    continueEditing: () => setConfirmingCancel(false),
    keepDraft,
    discardDraft,
  };
}
