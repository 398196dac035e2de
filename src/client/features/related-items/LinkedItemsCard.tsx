/**
 * LinkedItemsCard — the epic and issue pages' 'Linked items' card (GitLab's related epics and
 * related issues): the count, an Add
 * button for users who can admin, the form (link type + references), and the items grouped as
 * 'Blocks', 'Is blocked by' and 'Relates to', each with its state, reference, title link and a
 * remove button. Endpoints: GET and POST `{ issuable_references, link_type }` to `endpoint`
 * (`/groups/:path/-/epics/:iid/related_epic_links`, `/:project/-/issues/:iid/links`), DELETE each
 * item's `relation_path`.
 */
import { useId, useState } from 'react';
import { addRelatedItems, type LinkedIssuable, type LinkType, removeRelation } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Icon, Loading } from '../../ui/index.ts';
import { AddIssuableForm } from './AddIssuableForm.tsx';
import { groupByLinkType, mergeLinkedItems } from './linkedItems.ts';
import { StateIcon } from './ReferenceChip.tsx';
import type { AutocompleteSources } from './referenceInput.ts';
import { addItemErrorText, RELATED_TEXT, removeItemErrorText } from './relatedItemsTexts.ts';
import { useRelatedItemsList } from './useRelatedItemsList.ts';

export interface LinkedItemsCardProps {
  /** What links to what: epics to epics, issues to issues. */
  readonly issuableType: 'epic' | 'issue';
  /** `/groups/:path/-/epics/:iid/related_epic_links` or `/:project/-/issues/:iid/links`. */
  readonly endpoint: string;
  /** Where the reference input's suggestions come from (`…/autocomplete_sources/epics` or `issues`). */
  readonly sources: AutocompleteSources;
  /** Add and remove links (the epic's admin permission, the update permission). */
  readonly canAdmin: boolean;
  /**
   * The form offers 'blocks' and 'is blocked by' (GitLab's `isLinkedIssueBlockTypeAvailable`: the
   * plan sells blocking issues); else every link it adds relates.
   */
  readonly blockingAvailable?: boolean;
}

export function LinkedItemsCard({
  issuableType,
  endpoint,
  sources,
  canAdmin,
  blockingAvailable = true,
}: LinkedItemsCardProps) {
  const [list, setList] = useRelatedItemsList(endpoint);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const pushToast = usePushToast();
  const titleId = useId();

  const items = list.kind === 'ready' ? list.items : [];

  const add = async (references: string[], linkType: LinkType) => {
    const result = await addRelatedItems(endpoint, references, linkType);
    if (!result.ok) return addItemErrorText(result.error, issuableType);
    setList((current) => ({
      kind: 'ready',
      items: mergeLinkedItems(current.kind === 'ready' ? current.items : [], result.value),
    }));
    setFormOpen(false);
    return null;
  };

  const remove = async (item: LinkedIssuable) => {
    setRemoving((current) => new Set(current).add(item.id));
    const result = await removeRelation(item.relationPath);
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(item.id);
      return next;
    });
    if (!result.ok) {
      pushToast(removeItemErrorText(result.error, issuableType), 'danger');
      return;
    }
    setList((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', items: current.items.filter((entry) => entry.id !== item.id) }
        : current,
    );
  };

  return (
    <section className="item-card" aria-labelledby={titleId} data-testid="linked-items-card">
      <header className="item-card-header">
        <h2 id={titleId} className="item-card-title">
          {RELATED_TEXT.linkedItems}
        </h2>
        <span className="item-card-count" data-testid="linked-items-count">
          {/* An epic links epics, an issue issues: the count wears their icon, as GitLab's does. */}
          <Icon name={issuableType === 'epic' ? 'epic' : 'issues'} size={14} />
          <span aria-hidden="true">{items.length}</span>
          <span className="sr-only">{RELATED_TEXT.linkedItemsCount(items.length)}</span>
        </span>
        {canAdmin ? (
          <Button
            className="item-card-add"
            aria-expanded={formOpen}
            onClick={() => setFormOpen(!formOpen)}
            data-testid="linked-items-add"
          >
            {RELATED_TEXT.add}
          </Button>
        ) : null}
      </header>
      {formOpen ? (
        <div className="ri-card-form">
          <AddIssuableForm
            issuableType={issuableType}
            showLinkTypes={blockingAvailable}
            sources={sources}
            onSubmit={add}
            onCancel={() => setFormOpen(false)}
          />
        </div>
      ) : null}
      {list.kind === 'loading' ? <Loading label={RELATED_TEXT.loading} /> : null}
      {list.kind === 'failed' ? <Alert variant="danger">{RELATED_TEXT.fetchFailed}</Alert> : null}
      {list.kind === 'ready' && items.length === 0 && !formOpen ? (
        <p className="ri-empty muted">{RELATED_TEXT.noLinkedItems(issuableType)}</p>
      ) : null}
      {groupByLinkType(items).map((group) => (
        <div key={group.linkType} className="ri-group">
          <h3 className="ri-group-title">{RELATED_TEXT.groupTitle[group.linkType]}</h3>
          <ul className="ri-items">
            {group.items.map((item) => (
              <li key={item.id} className="ri-item" data-testid="linked-item">
                <span className="ri-item-main">
                  <StateIcon state={item.state} />
                  {item.confidential ? (
                    <span className="ri-confidential">
                      <Icon name="eyeSlash" size={14} />
                      <span className="sr-only">{RELATED_TEXT.confidential}</span>
                    </span>
                  ) : null}
                  <a className="ri-item-title" href={item.path}>
                    {item.title}
                  </a>
                </span>
                <span className="ri-item-reference muted">{item.reference}</span>
                {canAdmin ? (
                  <Button
                    variant="tertiary"
                    icon="close"
                    iconOnly
                    className="ri-item-remove"
                    aria-label={RELATED_TEXT.removeReference(item.reference)}
                    disabled={removing.has(item.id)}
                    onClick={() => void remove(item)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
