import { type KeyboardEvent, useId, useState } from 'react';
import { keyName } from '../../lib/index.ts';
import { Button, Dialog, Switch } from '../../ui/index.ts';

export interface ShortcutEntry {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly string[];
  /** The person may bind other keys to it (not the help itself, nor closing). */
  readonly customizable: boolean;
  /** It answers to the person's keys, not its defaults. */
  readonly customized: boolean;
}

export interface ShortcutGroup {
  readonly group: string;
  readonly commands: readonly ShortcutEntry[];
}

/** Why a binding was refused: another command has the keys, or they are not keys. */
export type ShortcutRefusal = { readonly conflict: string } | { readonly invalid: true };

export interface ShortcutSettings {
  /** Shortcuts are on (GitLab's 'Toggle shortcuts'). */
  readonly enabled: boolean;
  readonly setEnabled: (enabled: boolean) => void;
  /** Binds the command to `keys`; the refusal, or null when taken. */
  readonly customize: (id: string, keys: readonly string[]) => ShortcutRefusal | null;
  /** Gives the command its default keys back. */
  readonly reset: (id: string) => void;
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

/**
 * Records new keys for one command: one press, or two in sequence; Enter keeps them, Escape gives
 * up, Backspace starts again. The keys are read as the shortcuts read them (lib/keys.ts).
 */
function KeyRecorder({
  entry,
  settings,
  onDone,
}: {
  entry: ShortcutEntry;
  settings: ShortcutSettings;
  onDone: () => void;
}) {
  const [presses, setPresses] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const key = keyName(event);
    if (key === null || key === 'tab' || key === 'shift+tab') return;
    event.preventDefault();
    event.stopPropagation();
    if (key === 'esc') return onDone();
    if (key === 'backspace') {
      setPresses([]);
      setProblem(null);
      return;
    }
    if (key === 'enter') {
      if (presses.length === 0) return setProblem('Press the new keys first.');
      const refusal = settings.customize(entry.id, [presses.join(' ')]);
      if (refusal === null) return onDone();
      setProblem(
        'conflict' in refusal
          ? `These keys already belong to “${refusal.conflict}”.`
          : 'Press one key, or two in sequence.',
      );
      return;
    }
    setProblem(null);
    setPresses((current) => (current.length >= 2 ? [key] : [...current, key]));
  };
  return (
    <div className="shortcut-recorder">
      <button
        type="button"
        className="input shortcut-recorder-field"
        // Focused on open: the next keys pressed are the new binding.
        // biome-ignore lint/a11y/noAutofocus: the person opened the recorder to press keys into it.
        autoFocus
        onKeyDown={onKeyDown}
        aria-label={`New keys for ${entry.label}: press them, then Enter to keep, Escape to cancel`}
        aria-describedby={problem ? problemId : undefined}
        data-testid="shortcut-recorder"
      >
        {presses.length > 0 ? <Keys keys={[presses.join(' ')]} /> : 'Press the new keys, then Enter'}
      </button>
      {problem ? (
        <p
          id={problemId}
          className="shortcut-recorder-problem"
          role="alert"
          data-testid="shortcut-recorder-problem"
        >
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Lists exactly the registered commands, by group; the person turns them off or rebinds them. */
export function ShortcutsDialog({
  open,
  groups,
  settings,
  onClose,
}: {
  open: boolean;
  groups: readonly ShortcutGroup[];
  settings: ShortcutSettings;
  onClose: () => void;
}) {
  const [recording, setRecording] = useState<string | null>(null);
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose} testId="shortcuts-dialog">
      <div className="shortcut-toggle">
        <Switch
          checked={settings.enabled}
          label="Toggle shortcuts"
          onCheckedChange={settings.setEnabled}
          data-testid="shortcuts-toggle"
        />
        {settings.enabled ? null : <p className="muted">Only ? and Esc work while shortcuts are off.</p>}
      </div>
      <div className="shortcut-groups">
        {groups.map(({ group, commands }) => (
          <section key={group} className="shortcut-group" aria-label={group}>
            <h3 className="shortcut-group-title">{group}</h3>
            <dl className="shortcut-list">
              {commands.map((command) => (
                <div key={command.id} className="shortcut-row" data-testid="shortcut-row">
                  <dt>{command.label}</dt>
                  <dd>
                    {recording === command.id ? (
                      <KeyRecorder entry={command} settings={settings} onDone={() => setRecording(null)} />
                    ) : (
                      <>
                        <Keys keys={command.keys} />
                        {command.customizable ? (
                          <span className="shortcut-actions">
                            <Button
                              variant="tertiary"
                              onClick={() => setRecording(command.id)}
                              aria-label={`Change the keys of ${command.label}`}
                              data-testid="shortcut-edit"
                            >
                              Edit
                            </Button>
                            {command.customized ? (
                              <Button
                                variant="tertiary"
                                onClick={() => settings.reset(command.id)}
                                aria-label={`Give ${command.label} its default keys`}
                                data-testid="shortcut-reset"
                              >
                                Reset
                              </Button>
                            ) : null}
                          </span>
                        ) : null}
                      </>
                    )}
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
