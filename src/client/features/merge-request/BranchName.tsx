import { useCopyToClipboard } from '../../components/sidebar/index.ts';
import { Icon } from '../../ui/index.ts';
import { MERGE_REQUEST_TEXT } from './mergeRequestTexts.ts';

/**
 * A branch name in code style; the source branch has a copy button, which the `b` shortcut presses
 * (GitLab's "Copy source branch name").
 */
export function BranchName({ name, copyable = false }: { name: string; copyable?: boolean }) {
  const clipboard = useCopyToClipboard();
  return (
    <span className="branch-name">
      <code>{name}</code>
      {copyable ? (
        <>
          <button
            type="button"
            className="branch-copy"
            onClick={() => clipboard.copy(name)}
            aria-label={`${MERGE_REQUEST_TEXT.copyBranch} ${name}`}
            title={MERGE_REQUEST_TEXT.copyBranch}
            data-shortcut-target="copy-source-branch"
            data-testid="copy-source-branch"
          >
            <Icon name={clipboard.state === 'copied' ? 'check' : 'copy'} size={14} />
          </button>
          <span className="sr-only" role="status">
            {clipboard.state === 'copied' ? MERGE_REQUEST_TEXT.branchCopied : ''}
          </span>
        </>
      ) : null}
    </span>
  );
}
