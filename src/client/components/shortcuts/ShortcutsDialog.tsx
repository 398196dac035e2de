import { Dialog } from '../../ui/index.ts';

export interface ShortcutEntry {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly string[];
}

export interface ShortcutGroup {
  readonly group: string;
  readonly commands: readonly ShortcutEntry[];
}

/** `shift+g` → shift + g; a sequence `g i` → g then i; alternatives are joined with "or". */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="shortcut-keys">
      {keys.map((alternative, index) => (
        <span key={alternative}>
          {index > 0 ? <span className="shortcut-or"> or </span> : null}
          {alternative.split(' ').map((press, pressIndex) => (
            <span key={press}>
              {pressIndex > 0 ? <span className="shortcut-or"> then </span> : null}
              {press.split('+').map((key, keyIndex) => (
                <span key={key}>
                  {keyIndex > 0 ? ' + ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}

/** Lists exactly the registered commands, by group. */
export function ShortcutsDialog({
  open,
  groups,
  onClose,
}: {
  open: boolean;
  groups: readonly ShortcutGroup[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose} testId="shortcuts-dialog">
      <div className="shortcut-groups">
        {groups.map(({ group, commands }) => (
          <section key={group} className="shortcut-group" aria-label={group}>
            <h3 className="shortcut-group-title">{group}</h3>
            <dl className="shortcut-list">
              {commands.map((command) => (
                <div key={command.id} className="shortcut-row" data-testid="shortcut-row">
                  <dt>{command.label}</dt>
                  <dd>
                    <Keys keys={command.keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
