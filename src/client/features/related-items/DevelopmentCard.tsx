/**
 * The issue page's Development card (GitLab's work item development widget): the merge requests
 * that close the issue when they merge — named by their descriptions' 'Closes #12' or linked here
 * with the related-items form's merge request variant ('Enter merge request URLs') — each with its
 * state, title, reference and, for those who may, a remove button.
 */
import { useId, useState } from 'react';
import { addRelatedItems, type LinkedIssuable, removeRelation } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Icon, type IconName, Loading } from '../../ui/index.ts';
import { AddIssuableForm } from './AddIssuableForm.tsx';
import { DEVELOPMENT_TEXT } from './relatedItemsTexts.ts';
import { useRelatedItemsList } from './useRelatedItemsList.ts';

/** A merge request's state as the list marks it (the answer's own state: opened, merged, closed). */
const STATE_ICON: Readonly<Record<string, { icon: IconName; text: string }>> = {
  opened: { icon: 'mergeRequest', text: DEVELOPMENT_TEXT.open },
  merged: { icon: 'merged', text: DEVELOPMENT_TEXT.merged },
  closed: { icon: 'stateClosed', text: DEVELOPMENT_TEXT.closed },
  locked: { icon: 'mergeRequest', text: DEVELOPMENT_TEXT.open },
};

export function DevelopmentCard({ endpoint, canAdmin }: { endpoint: string; canAdmin: boolean }) {
  const [list, setList] = useRelatedItemsList(endpoint);
  const [formOpen, setFormOpen] = useState(false);
  const pushToast = usePushToast();
  const titleId = useId();

  const items = list.kind === 'ready' ? list.items : [];
  // The card hides for readers while nothing closes the issue, as GitLab's widget does.
  if (list.kind === 'ready' && items.length === 0 && !canAdmin) return null;

  const add = async (references: string[]) => {
    const result = await addRelatedItems(endpoint, references, 'relates_to');
    if (!result.ok)
      return result.error.status === 404
        ? DEVELOPMENT_TEXT.notFound
        : (result.error.message ?? DEVELOPMENT_TEXT.notFound);
    setList({ kind: 'ready', items: result.value });
    setFormOpen(false);
    return null;
  };
  const remove = async (item: LinkedIssuable) => {
    const result = await removeRelation(item.relationPath);
    if (!result.ok) {
      pushToast(DEVELOPMENT_TEXT.removeFailed, 'danger');
      return;
    }
    setList((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', items: current.items.filter((entry) => entry.id !== item.id) }
        : current,
    );
  };

  return (
    <section className="item-card" aria-labelledby={titleId} data-testid="development-card">
      <header className="item-card-header">
        <h2 id={titleId} className="item-card-title">
          {DEVELOPMENT_TEXT.title}
        </h2>
        <span className="item-card-count">
          <Icon name="mergeRequest" size={14} />
          <span aria-hidden="true">{items.length}</span>
          <span className="sr-only">{DEVELOPMENT_TEXT.count(items.length)}</span>
        </span>
        {canAdmin ? (
          <Button
            className="item-card-add"
            aria-expanded={formOpen}
            onClick={() => setFormOpen(!formOpen)}
            data-testid="development-add"
          >
            {DEVELOPMENT_TEXT.add}
          </Button>
        ) : null}
      </header>
      {formOpen ? (
        <div className="ri-card-form">
          <AddIssuableForm
            issuableType="merge_request"
            showLinkTypes={false}
            sources={{}}
            onSubmit={add}
            onCancel={() => setFormOpen(false)}
          />
        </div>
      ) : null}
      {list.kind === 'loading' ? <Loading label={DEVELOPMENT_TEXT.loading} /> : null}
      {list.kind === 'failed' ? <Alert variant="danger">{DEVELOPMENT_TEXT.fetchFailed}</Alert> : null}
      {list.kind === 'ready' && items.length === 0 && !formOpen ? (
        <p className="ri-empty muted">{DEVELOPMENT_TEXT.empty}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="ri-items">
          {items.map((item) => {
            const state = STATE_ICON[String(item.json.state)] ?? STATE_ICON.opened;
            return (
              <li key={item.id} className="ri-item" data-testid="development-item">
                <span className={`ri-state ri-state-mr-${String(item.json.state)}`}>
                  <Icon name={state?.icon ?? 'mergeRequest'} size={14} />
                  <span className="sr-only">{state?.text}</span>
                </span>
                <a className="ri-item-title" href={item.path}>
                  {item.title}
                </a>
                <span className="ri-item-reference muted">{item.reference}</span>
                {item.relationPath ? (
                  <Button
                    variant="tertiary"
                    icon="close"
                    iconOnly
                    className="ri-item-remove"
                    aria-label={DEVELOPMENT_TEXT.remove(item.reference)}
                    onClick={() => void remove(item)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
