import { useId } from 'react';
import type { VisibilityChoicesJson } from '../../../core/domain/namespaceCreation.ts';
import type { Visibility } from '../../../core/domain/visibility.ts';
import { CREATE_TEXTS } from './createTexts.ts';

/**
 * GitLab's visibility radios: each level with what it means, and a level this group or the instance
 * does not allow disabled with the reason under it.
 */
export function VisibilityFieldset({
  choices,
  value,
  onChange,
  help,
  problem,
}: {
  choices: VisibilityChoicesJson;
  value: Visibility | null;
  onChange: (level: Visibility) => void;
  help: Readonly<Record<Visibility, string>>;
  problem?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="visibility-fieldset" data-testid="visibility-fieldset">
      <legend className="form-label">{CREATE_TEXTS.visibility}</legend>
      {choices.levels.map(({ level, problem: refusal }) => (
        <div className="visibility-choice" key={level}>
          <label className="checkbox-row">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={level}
              checked={value === level}
              disabled={refusal !== null}
              onChange={() => onChange(level)}
              aria-describedby={`${id}-${level}-help`}
              data-testid={`visibility-${level}`}
            />
            {CREATE_TEXTS.levels[level]}
          </label>
          <p className="muted visibility-help" id={`${id}-${level}-help`}>
            {refusal ?? help[level]}
          </p>
        </div>
      ))}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
