import type { FormEvent } from 'react';
import { formatCardNumber, SANDBOX_TEST_CARDS } from '../../../core/domain/paymentCards.ts';
import { TextField } from '../../components/forms/index.ts';
import type { CardFields } from '../../data/index.ts';
import { Alert, Button } from '../../ui/index.ts';
import { CHECKOUT_TEXTS as TEXTS } from './checkoutTexts.ts';

/**
 * The card, as the payment provider's form takes it: it goes to the provider, which answers a
 * token. With the sandbox provider the form lists its test cards.
 */
export function CardForm({
  card,
  onChange,
  problem,
  busy,
  sandbox,
  onSubmit,
}: {
  card: CardFields;
  onChange: (card: CardFields) => void;
  problem: string | undefined;
  busy: boolean;
  sandbox: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const set = (field: keyof CardFields) => (value: string) => onChange({ ...card, [field]: value });
  return (
    <form onSubmit={onSubmit} noValidate>
      {problem ? (
        <Alert variant="danger" testId="checkout-card-error">
          {problem}
        </Alert>
      ) : null}
      <TextField
        id="checkout-card-name"
        label={TEXTS.nameOnCard}
        autoComplete="cc-name"
        value={card.name}
        onChange={set('name')}
      />
      <TextField
        id="checkout-card-number"
        label={TEXTS.cardNumber}
        autoComplete="cc-number"
        numeric
        value={card.number}
        onChange={set('number')}
      />
      <div className="checkout-row">
        <fieldset className="checkout-expiry">
          <legend className="form-label">{TEXTS.expiry}</legend>
          <input
            className="input"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            aria-label={TEXTS.month}
            placeholder="MM"
            maxLength={2}
            value={card.expMonth}
            onChange={(event) => set('expMonth')(event.target.value)}
            data-testid="checkout-card-month"
          />
          <span aria-hidden="true">/</span>
          <input
            className="input"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            aria-label={TEXTS.year}
            placeholder="YY"
            maxLength={4}
            value={card.expYear}
            onChange={(event) => set('expYear')(event.target.value)}
            data-testid="checkout-card-year"
          />
        </fieldset>
        <TextField
          id="checkout-card-cvc"
          label={TEXTS.cvc}
          autoComplete="cc-csc"
          numeric
          maxLength={4}
          className="checkout-cvc"
          value={card.cvc}
          onChange={set('cvc')}
        />
      </div>
      {sandbox ? (
        <details className="checkout-test-cards">
          <summary>{TEXTS.testCards}</summary>
          <ul>
            {SANDBOX_TEST_CARDS.map((test) => (
              <li key={test.number}>
                <code>{formatCardNumber(test.number)}</code> {TEXTS.testCardOutcomes[test.outcome]}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <Button type="submit" variant="confirm" disabled={busy} data-testid="checkout-card-continue">
        {busy ? TEXTS.checking : TEXTS.continueToReview}
      </Button>
    </form>
  );
}
