import type { ReactNode } from 'react';
import { Button } from '../../ui/index.ts';
import { CHECKOUT_TEXTS } from './checkoutTexts.ts';

export type StepState = 'open' | 'done' | 'next';

/** One numbered step: open while it is being filled in, a summary with 'Edit' once done. */
export function CheckoutStep({
  number,
  title,
  state,
  summary,
  onEdit,
  testId,
  children,
}: {
  number: number;
  title: string;
  state: StepState;
  summary: string;
  onEdit: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li
      className={`checkout-step checkout-step-${state}`}
      data-testid={testId}
      aria-current={state === 'open' ? 'step' : undefined}
    >
      <div className="checkout-step-head">
        <h2 className="checkout-step-title">
          <span className="checkout-step-number" aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {state === 'done' ? (
          <Button
            variant="tertiary"
            onClick={onEdit}
            aria-label={`${CHECKOUT_TEXTS.edit} ${title.toLowerCase()}`}
          >
            {CHECKOUT_TEXTS.edit}
          </Button>
        ) : null}
      </div>
      {state === 'open' ? <div className="checkout-step-body">{children}</div> : null}
      {state === 'done' && summary ? <p className="checkout-step-summary">{summary}</p> : null}
    </li>
  );
}
