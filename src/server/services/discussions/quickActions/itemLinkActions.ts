import { toSentence } from '../../../../core/domain/quickActions.ts';
import type { LinkType } from '../../links/relatedLinkService.ts';
import type { ItemActionKind, ItemActionState, ItemExplainContext } from './itemActionKind.ts';
import type { QuickActionDefinition } from './quickActionTypes.ts';

/** The references in the params, as typed: GitLab names the targets the way they were written. */
const referencesOf = (params: string) => params.split(' ').filter((reference) => reference !== '');

/**
 * The commands on an item's linked items (GitLab's RelateActions), shared by issues and epics:
 * `/relate`, `/blocks`, `/blocked_by` and `/unlink`, through the related-items card's service.
 */
export function itemLinkActions<
  Context extends Explain,
  Explain extends State & ItemExplainContext,
  State extends ItemActionState,
>(kind: ItemActionKind<Context, Explain, State>): QuickActionDefinition<Context, Explain, State>[] {
  type Action = QuickActionDefinition<Context, Explain, State>;
  const { noun } = kind;
  const available = (state: State) => kind.persisted(state) && kind.canAdminLinks(state);

  const linkAction = (
    name: string,
    linkType: LinkType,
    explanation: (targets: string) => string,
    message: (targets: string) => string,
  ): Action => ({
    names: [name],
    available,
    explain: async (_context, params) =>
      params === '' ? null : explanation(toSentence(referencesOf(params))),
    execute: async (context, params, outcome) => {
      const targets = referencesOf(params);
      if (targets.length === 0) return;
      await kind.addLinks(context, targets, linkType);
      outcome.messages.push(message(toSentence(targets)));
    },
  });

  const relate = linkAction(
    'relate',
    'relates_to',
    (targets) => `Added ${targets} as a linked item related to this ${noun}.`,
    (targets) => `Added ${targets} as a linked item related to this ${noun}.`,
  );
  const blocks = linkAction(
    'blocks',
    'blocks',
    (targets) => `Set this ${noun} as blocking ${targets}.`,
    (targets) => `Added ${targets} as a linked item blocked by this ${noun}.`,
  );
  const blockedBy = linkAction(
    'blocked_by',
    'is_blocked_by',
    (targets) => `Set this ${noun} as blocked by ${targets}.`,
    (targets) => `Added ${targets} as a linked item blocking this ${noun}.`,
  );

  const unlink: Action = {
    names: ['unlink'],
    available,
    explain: async (context, params) => {
      const linked = await kind.linkedItem(context, params);
      return linked ? `Removes linked item ${linked.reference}.` : null;
    },
    execute: async (context, params, outcome) => {
      const linked = await kind.linkedItem(context, params);
      if (!linked) {
        outcome.errorMessages.push('No linked issue matches the provided parameter.');
        return;
      }
      await kind.removeLink(context, linked.linkId);
      outcome.messages.push(`Removed linked item ${linked.reference}.`);
    },
  };

  return [relate, blocks, blockedBy, unlink];
}
