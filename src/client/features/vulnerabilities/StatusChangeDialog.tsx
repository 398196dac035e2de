import { useId, useState } from 'react';
import {
  DISMISSAL_REASON_DESCRIPTIONS,
  DISMISSAL_REASON_TITLES,
  DISMISSAL_REASONS,
  isDismissalReason,
  isVulnerabilityState,
  VULNERABILITY_COMMENT_MAX_LENGTH,
  VULNERABILITY_STATE_TITLES,
  VULNERABILITY_STATES,
} from '../../../core/domain/vulnerabilities.ts';
import type { DismissalReason, VulnerabilityState, VulnerabilityStateChange } from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

/** What the form asks before a change: a status, and a reason when dismissing. */
export function changeProblems(
  state: VulnerabilityState | null,
  reason: DismissalReason | null,
): { readonly state: string | null; readonly reason: string | null } {
  return {
    state: state === null ? TEXT.statusRequired : null,
    reason: state === 'dismissed' && reason === null ? TEXT.reasonRequired : null,
  };
}

/**
 * GitLab's status change, in a modal: the new status (Needs triage, Confirmed, Dismissed, Resolved;
 * the current one left out), the dismissal reason with what it means when dismissing, and an
 * optional comment. `onSubmit` answers the server's refusals, word for word: the dialog shows them
 * and stays; without any it closes. Focus goes back to what opened it.
 */
export function StatusChangeDialog({
  title,
  currentState,
  onSubmit,
  onClose,
}: {
  title: string;
  /** The vulnerability's state, not offered (null when changing several). */
  currentState: VulnerabilityState | null;
  onSubmit: (change: VulnerabilityStateChange) => Promise<readonly (string | null)[]>;
  onClose: () => void;
}) {
  const ids = { state: useId(), reason: useId(), reasonHelp: useId(), comment: useId() };
  const [state, setState] = useState<VulnerabilityState | null>(null);
  const [reason, setReason] = useState<DismissalReason | null>(null);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<readonly (string | null)[]>([]);
  const problems = tried ? changeProblems(state, reason) : { state: null, reason: null };

  const submit = async () => {
    setTried(true);
    const found = changeProblems(state, reason);
    if (state === null || found.state || found.reason) return;
    setBusy(true);
    setErrors([]);
    const refused = await onSubmit({
      state,
      dismissalReason: state === 'dismissed' ? reason : null,
      comment,
    });
    setBusy(false);
    if (refused.length === 0) onClose();
    else setErrors(refused);
  };

  const shown = [...new Set(errors.map((error) => error ?? TEXT.changeFailed))];
  return (
    <Dialog open title={title} onClose={onClose} testId="status-change-dialog" className="vuln-status-dialog">
      <form
        className="vuln-status-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="vuln-field">
          <label htmlFor={ids.state}>{TEXT.newStatus}</label>
          <select
            id={ids.state}
            className="select"
            value={state ?? ''}
            aria-invalid={problems.state ? true : undefined}
            aria-describedby={problems.state ? `${ids.state}-error` : undefined}
            onChange={(event) =>
              setState(isVulnerabilityState(event.target.value) ? event.target.value : null)
            }
            data-testid="status-change-state"
          >
            <option value="">{TEXT.chooseStatus}</option>
            {VULNERABILITY_STATES.filter((option) => option !== currentState).map((option) => (
              <option key={option} value={option}>
                {VULNERABILITY_STATE_TITLES[option]}
              </option>
            ))}
          </select>
          {problems.state ? (
            <p id={`${ids.state}-error`} className="vuln-form-error">
              {problems.state}
            </p>
          ) : null}
        </div>
        {state === 'dismissed' ? (
          <div className="vuln-field">
            <label htmlFor={ids.reason}>{TEXT.dismissalReason}</label>
            <select
              id={ids.reason}
              className="select"
              value={reason ?? ''}
              required
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={problems.reason ? `${ids.reason}-error ${ids.reasonHelp}` : ids.reasonHelp}
              onChange={(event) =>
                setReason(isDismissalReason(event.target.value) ? event.target.value : null)
              }
              data-testid="status-change-reason"
            >
              <option value="">{TEXT.chooseReason}</option>
              {DISMISSAL_REASONS.map((option) => (
                <option key={option} value={option}>
                  {DISMISSAL_REASON_TITLES[option]}
                </option>
              ))}
            </select>
            <p id={ids.reasonHelp} className="muted vuln-field-help">
              {reason ? DISMISSAL_REASON_DESCRIPTIONS[reason] : ''}
            </p>
            {problems.reason ? (
              <p id={`${ids.reason}-error`} className="vuln-form-error">
                {problems.reason}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="vuln-field">
          <label htmlFor={ids.comment}>{TEXT.comment}</label>
          <textarea
            id={ids.comment}
            className="input vuln-comment"
            rows={3}
            maxLength={VULNERABILITY_COMMENT_MAX_LENGTH}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            data-testid="status-change-comment"
          />
        </div>
        {shown.length > 0 ? (
          <Alert variant="danger" testId="status-change-errors">
            <ul className="vuln-error-list">
              {shown.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="dialog-actions">
          <Button onClick={onClose}>{TEXT.cancel}</Button>
          <Button
            type="submit"
            variant="confirm"
            disabled={busy}
            aria-busy={busy}
            data-testid="status-change-submit"
          >
            {TEXT.changeStatus}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
