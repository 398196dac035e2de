/**
 * AddExistingForm — the tree's 'Add an existing epic/issue' form (spec, "Add existing"): the
 * related-items reference input without link types, posting `{ issuable_references }` to the epic's
 * `/links` (epics) or `/issues` endpoint. Under a confidential parent the placeholder, the hint and
 * the autocomplete (`confidential_only=true`) are the confidential ones. Errors show under the form.
 */
import { addTreeItems, type TreeItemType } from '../../../data/index.ts';
import { AddIssuableForm, addItemErrorText } from '../../related-items/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';
import type { TreeFormEndpoints, TreeFormParent } from './treeFormTypes.ts';

export interface AddExistingFormProps {
  readonly itemType: TreeItemType;
  readonly parent: TreeFormParent;
  readonly endpoints: TreeFormEndpoints;
  /** The server linked the items (the tree reads its first page again: they come first). */
  readonly onAdded: () => void;
  readonly onCancel: () => void;
}

export function AddExistingForm({ itemType, parent, endpoints, onAdded, onCancel }: AddExistingFormProps) {
  const endpoint = itemType === 'epic' ? endpoints.epicsEndpoint : endpoints.issuesEndpoint;
  return (
    <div className="tf-form" data-testid={`add-existing-${itemType}-form`}>
      <AddIssuableForm
        key={itemType}
        issuableType={itemType}
        confidential={parent.confidential}
        sources={
          itemType === 'epic'
            ? { epics: endpoints.autoCompleteEpics }
            : { issues: endpoints.autoCompleteIssues }
        }
        hint={parent.confidential ? TREE_TEXT.confidentialParentHint : null}
        onSubmit={async (references) => {
          const result = await addTreeItems(endpoint, references);
          if (!result.ok) return addItemErrorText(result.error, itemType);
          onAdded();
          return null;
        }}
        onCancel={onCancel}
      />
    </div>
  );
}
