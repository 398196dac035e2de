import { type FormEvent, useId, useState } from 'react';
import { COMPANY_SIZES, type HandRaiseLead, LEAD_TEXTS } from '../../../core/domain/handRaiseLeads.ts';
import { submitHandRaiseLead, useCountries, useCountryStates } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { Field, SelectField, TextField } from '../forms/index.ts';

const EMPTY: HandRaiseLead = {
  firstName: '',
  lastName: '',
  companyName: '',
  companySize: '',
  phoneNumber: '',
  country: '',
  state: '',
  comment: '',
};

const LABELS: Readonly<Record<keyof HandRaiseLead, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  companySize: 'Number of employees',
  phoneNumber: 'Telephone number',
  country: 'Country',
  state: 'State or province',
  comment: 'Message for the sales team (optional)',
};

/**
 * GitLab's hand-raise lead form ('Contact our Sales team'): who is asking, their company and how to
 * reach them. The server keeps it and mails the instance's administrators.
 */
export function HandRaiseLeadDialog({
  open,
  onClose,
  namespaceId,
  groupName,
}: {
  open: boolean;
  onClose: () => void;
  namespaceId: string;
  groupName: string;
}) {
  const id = useId();
  const [lead, setLead] = useState<HandRaiseLead>(EMPTY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const countries = useCountries();
  const states = useCountryStates(lead.country);
  const pushToast = usePushToast();
  const set = (field: keyof HandRaiseLead) => (value: string) =>
    setLead({ ...lead, [field]: value, ...(field === 'country' ? { state: '' } : {}) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await submitHandRaiseLead(namespaceId, lead);
      setLead(EMPTY);
      onClose();
      pushToast(LEAD_TEXTS.thanks, 'success');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: keyof HandRaiseLead, autoComplete: string) => (
    <TextField
      id={`${id}-${field}`}
      label={LABELS[field]}
      autoComplete={autoComplete}
      value={lead[field]}
      onChange={set(field)}
    />
  );
  const select = (
    field: keyof HandRaiseLead,
    options: readonly (readonly [string, string])[],
    autoComplete?: string,
  ) => (
    <SelectField
      id={`${id}-${field}`}
      label={LABELS[field]}
      value={lead[field]}
      onChange={set(field)}
      options={options}
      placeholder="Select"
      {...(autoComplete ? { autoComplete } : {})}
    />
  );

  return (
    <Dialog
      open={open}
      title={LEAD_TEXTS.title}
      onClose={onClose}
      testId="hand-raise-lead"
      className="lead-dialog"
    >
      <form onSubmit={submit} noValidate className="lead-form">
        <p className="muted">{LEAD_TEXTS.intro(groupName)}</p>
        {error ? (
          <Alert variant="danger" testId="hand-raise-lead-error">
            {error}
          </Alert>
        ) : null}
        <div className="lead-row">
          {text('firstName', 'given-name')}
          {text('lastName', 'family-name')}
        </div>
        {text('companyName', 'organization')}
        <div className="lead-row">
          {select(
            'companySize',
            COMPANY_SIZES.map((size) => [size, size] as const),
          )}
          {text('phoneNumber', 'tel')}
        </div>
        <div className="lead-row">
          {select('country', countries ?? [], 'country')}
          {states.length > 0 ? select('state', states, 'address-level1') : null}
        </div>
        <Field id={`${id}-comment`} label={LABELS.comment}>
          <textarea
            id={`${id}-comment`}
            className="input"
            rows={3}
            value={lead.comment}
            onChange={(event) => set('comment')(event.target.value)}
          />
        </Field>
        <div className="lead-actions">
          <Button type="submit" variant="confirm" disabled={busy}>
            {busy ? LEAD_TEXTS.submitting : LEAD_TEXTS.submit}
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
