/**
 * `/-/profile/preferences`: the colour mode (kept on the server, applied before the first paint of
 * every page) and the first day of the week.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  COLOR_MODE_TEXT,
  COLOR_MODES,
  type ColorMode,
  DEFAULT_FIRST_DAY_OF_WEEK,
  WEEK_DAY_NAMES,
  WEEK_START_DAYS,
} from '../../../core/domain/userSettings.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { SettingsSection, WriteOutcome } from '../../components/settings/index.ts';
import { savePreferences, usePageSettled } from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { useTheme } from '../../state/index.ts';
import { Button } from '../../ui/index.ts';
import { SettingsLayout } from './SettingsLayout.tsx';
import { SETTINGS_TEXT } from './settingsTexts.ts';

export type PreferencesPageProps = PageMountOf<'profile-preferences'>;

const NO_RELOAD = () => undefined;

export function PreferencesPage({ colorMode, firstDayOfWeek }: PreferencesPageProps) {
  // Until chosen, the browser's own choice stands: the system's is what 'Auto' offers.
  const [mode, setMode] = useState<ColorMode>(colorMode === 'unset' ? 'auto' : colorMode);
  const [weekStart, setWeekStart] = useState(firstDayOfWeek);
  const { followColorMode } = useTheme();
  const writes = useWrites(NO_RELOAD);
  const weekStartId = useId();
  usePageSettled(!writes.busy);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void writes.run(async () => {
      const notice = await savePreferences({ colorMode: mode, firstDayOfWeek: weekStart });
      followColorMode(mode);
      return notice;
    });
  };

  return (
    <SettingsLayout section="preferences" title={SETTINGS_TEXT.preferences}>
      <form className="settings-form" onSubmit={submit} data-testid="preferences-form">
        <WriteOutcome writes={writes} />
        <SettingsSection id="preferences-mode" title={SETTINGS_TEXT.mode} help={SETTINGS_TEXT.modeHelp}>
          <fieldset className="settings-radios">
            <legend className="sr-only">{SETTINGS_TEXT.mode}</legend>
            {COLOR_MODES.map((value) => (
              <label key={value} className="settings-radio">
                <input
                  type="radio"
                  name="color_mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  data-testid={`color-mode-${value}`}
                />
                <span>
                  <strong>{COLOR_MODE_TEXT[value].label}</strong>
                  <span className="muted"> {COLOR_MODE_TEXT[value].help}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </SettingsSection>
        <SettingsSection
          id="preferences-localization"
          title={SETTINGS_TEXT.localization}
          help={SETTINGS_TEXT.localizationHelp}
        >
          <div className="form-field">
            <label htmlFor={weekStartId}>{SETTINGS_TEXT.firstDayOfWeek}</label>
            <select
              id={weekStartId}
              className="select settings-input-narrow"
              value={weekStart}
              onChange={(event) => setWeekStart(event.target.value)}
              data-testid="first-day-of-week"
            >
              <option value="">
                {SETTINGS_TEXT.systemDefault(WEEK_DAY_NAMES[DEFAULT_FIRST_DAY_OF_WEEK])}
              </option>
              {WEEK_START_DAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {WEEK_DAY_NAMES[day]}
                </option>
              ))}
            </select>
          </div>
        </SettingsSection>
        <div className="settings-actions">
          <Button type="submit" variant="confirm" disabled={writes.busy} data-testid="preferences-save">
            {SETTINGS_TEXT.savePreferences}
          </Button>
        </div>
      </form>
    </SettingsLayout>
  );
}
