import { useEffect, useState } from 'react';
import { fetchCountries, fetchCountryStates, type NamedCode } from './checkoutRest.ts';

/** The countries a billing address may name; null while they load (none if they failed). */
export function useCountries(): readonly NamedCode[] | null {
  const [countries, setCountries] = useState<readonly NamedCode[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCountries(controller.signal)
      .then(setCountries)
      .catch(() => {
        if (!controller.signal.aborted) setCountries([]);
      });
    return () => controller.abort();
  }, []);
  return countries;
}

/** The chosen country's states; empty while they load, for no country, or for one without any. */
export function useCountryStates(country: string): readonly NamedCode[] {
  const [loaded, setLoaded] = useState<{ country: string; states: readonly NamedCode[] } | null>(null);
  useEffect(() => {
    if (!country) return;
    const controller = new AbortController();
    fetchCountryStates(country, controller.signal)
      .then((states) => setLoaded({ country, states }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ country, states: [] });
      });
    return () => controller.abort();
  }, [country]);
  return loaded?.country === country ? loaded.states : [];
}
