import type { FormEvent } from 'react';
import type { BillingAddress } from '../../../core/domain/purchase.ts';
import { SelectField, TextField } from '../../components/forms/index.ts';
import type { NamedCode } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { CHECKOUT_TEXTS as TEXTS } from './checkoutTexts.ts';

/** The billing address: the country first, whose states the state list then offers. */
export function AddressForm({
  address,
  onChange,
  countries,
  states,
  problems,
  onSubmit,
}: {
  address: BillingAddress;
  onChange: (address: BillingAddress) => void;
  countries: readonly NamedCode[];
  states: readonly NamedCode[];
  problems: Readonly<Record<string, string>>;
  onSubmit: (event: FormEvent) => void;
}) {
  const set = (field: keyof BillingAddress) => (value: string) => onChange({ ...address, [field]: value });
  return (
    <form onSubmit={onSubmit} noValidate>
      <SelectField
        id="checkout-country"
        label={TEXTS.country}
        autoComplete="country"
        value={address.country}
        onChange={(country) => onChange({ ...address, country, state: '' })}
        options={countries}
        placeholder={TEXTS.chooseCountry}
        problem={problems.country}
      />
      <TextField
        id="checkout-address1"
        label={TEXTS.address1}
        autoComplete="address-line1"
        value={address.address1}
        onChange={set('address1')}
        problem={problems.address_1}
      />
      <TextField
        id="checkout-address2"
        label={TEXTS.address2}
        autoComplete="address-line2"
        value={address.address2}
        onChange={set('address2')}
        problem={problems.address_2}
      />
      <div className="checkout-row">
        <TextField
          id="checkout-city"
          label={TEXTS.city}
          autoComplete="address-level2"
          value={address.city}
          onChange={set('city')}
          problem={problems.city}
        />
        {states.length > 0 ? (
          <SelectField
            id="checkout-state"
            label={TEXTS.state}
            autoComplete="address-level1"
            value={address.state}
            onChange={set('state')}
            options={states}
            placeholder={TEXTS.chooseState}
            problem={problems.state}
          />
        ) : null}
        <TextField
          id="checkout-zip"
          label={TEXTS.zip}
          autoComplete="postal-code"
          value={address.zipCode}
          onChange={set('zipCode')}
          problem={problems.zip_code}
        />
      </div>
      <Button type="submit" variant="confirm" data-testid="checkout-address-continue">
        {TEXTS.continueToPayment}
      </Button>
    </form>
  );
}
