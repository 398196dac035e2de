/**
 * TreeFormPanel — the one open form under the tree card's header (spec: "mutually exclusive": add-existing,
 * create-epic and create-issue exclude each other), chosen from the add dropdown's `TreeForm`.
 * Each form calls its own endpoint (see AddExistingForm, CreateEpicForm, CreateIssueForm); on
 * success the panel says that items were added or created, and the caller closes it (null form).
 */
import { AddExistingForm } from './AddExistingForm.tsx';
import type { TreeForm } from './addItemMenu.ts';
import { CreateEpicForm } from './CreateEpicForm.tsx';
import { CreateIssueForm } from './CreateIssueForm.tsx';
import type { TreeFormEndpoints, TreeFormParent } from './treeFormTypes.ts';

export interface TreeFormPanelProps {
  readonly form: TreeForm | null;
  readonly parent: TreeFormParent;
  readonly endpoints: TreeFormEndpoints;
  /** The signed-in user (the create-issue form's recently used projects). */
  readonly currentUsername: string;
  /** Existing items were linked. */
  readonly onAdded: () => void;
  /** A new child epic or issue was created. */
  readonly onCreated: () => void;
  readonly onClose: () => void;
}

export function TreeFormPanel({
  form,
  parent,
  endpoints,
  currentUsername,
  onAdded,
  onCreated,
  onClose,
}: TreeFormPanelProps) {
  if (form === null) return null;
  switch (form.kind) {
    case 'add-existing':
      return (
        <AddExistingForm
          key={form.itemType}
          itemType={form.itemType}
          parent={parent}
          endpoints={endpoints}
          onAdded={onAdded}
          onCancel={onClose}
        />
      );
    case 'create-epic':
      return <CreateEpicForm parent={parent} onCreated={onCreated} onCancel={onClose} />;
    case 'create-issue':
      return (
        <CreateIssueForm
          parent={parent}
          currentUsername={currentUsername}
          onCreated={onCreated}
          onCancel={onClose}
        />
      );
  }
}
