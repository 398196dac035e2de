/**
 * 'Roadmap settings' (spec): date range and layout, milestones, epics state (and whether
 * dependency arrows show), progress tracking. A non-modal drawer beside the roadmap; Escape or the close button shuts it and focus
 * returns to the Settings button. Every change is applied at once through the URL.
 */
import { useEffect, useId, useRef } from 'react';
import { MILESTONES_TYPES } from '../../../core/layout/milestoneBars.ts';
import { PROGRESS_TRACKING } from '../../../core/layout/progress.ts';
import {
  EPICS_STATES,
  type RoadmapSettings,
  withPresetType,
  withRangeType,
} from '../../../core/layout/roadmapSettings.ts';
import { ALLOWED_PRESETS, TIMEFRAME_RANGE_TYPES } from '../../../core/time/presets.ts';
import { Button, Switch } from '../../ui/index.ts';
import {
  EPICS_STATE_LABELS,
  MILESTONES_TYPE_LABELS,
  PRESET_LABELS,
  PROGRESS_LABELS,
  RANGE_LABELS,
  ROADMAP_TEXT,
} from './roadmapTexts.ts';

export function RoadmapSettingsDrawer({
  settings,
  onChange,
  onClose,
}: {
  settings: RoadmapSettings;
  onChange: (settings: RoadmapSettings) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const rangeId = useId();
  const drawer = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    drawer.current?.querySelector<HTMLElement>('select, input, button')?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  // Escape closes the drawer wherever focus is (it is not modal: the roadmap stays usable beside it).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <aside
      ref={drawer}
      id="roadmap-settings"
      className="roadmap-settings"
      aria-labelledby={titleId}
      data-testid="roadmap-settings"
    >
      <header className="roadmap-settings-header">
        <h2 id={titleId}>{ROADMAP_TEXT.settingsTitle}</h2>
        <Button variant="tertiary" icon="close" iconOnly aria-label="Close" onClick={onClose} />
      </header>
      <section className="roadmap-settings-group" aria-labelledby={`${rangeId}-title`}>
        <h3 id={`${rangeId}-title`}>Date range</h3>
        <label htmlFor={rangeId} className="sr-only">
          Date range
        </label>
        <select
          id={rangeId}
          className="select"
          value={settings.timeframeRangeType}
          data-testid="roadmap-range"
          onChange={(event) => {
            const range = TIMEFRAME_RANGE_TYPES.find((value) => value === event.target.value);
            if (range) onChange(withRangeType(settings, range));
          }}
        >
          {TIMEFRAME_RANGE_TYPES.map((range) => (
            <option key={range} value={range}>
              {RANGE_LABELS[range]}
            </option>
          ))}
        </select>
        <RadioGroup
          legend="Layout"
          name="roadmap-layout"
          value={settings.presetType}
          options={ALLOWED_PRESETS[settings.timeframeRangeType].map((preset) => [
            preset,
            PRESET_LABELS[preset],
          ])}
          onChange={(preset) => onChange(withPresetType(settings, preset))}
        />
      </section>
      <section className="roadmap-settings-group" aria-label="Milestones">
        <h3>Milestones</h3>
        <Switch
          label="Display milestones"
          checked={settings.showMilestones}
          onCheckedChange={(showMilestones) => onChange({ ...settings, showMilestones })}
          data-testid="roadmap-toggle-milestones"
        />
        {settings.showMilestones ? (
          <RadioGroup
            legend="Milestones to show"
            name="roadmap-milestones-type"
            value={settings.milestonesType}
            options={MILESTONES_TYPES.map((type) => [type, MILESTONES_TYPE_LABELS[type]])}
            onChange={(milestonesType) => onChange({ ...settings, milestonesType })}
          />
        ) : null}
      </section>
      <section className="roadmap-settings-group" aria-label="Epics">
        <h3>Epics</h3>
        <RadioGroup
          legend="Epics to show"
          name="roadmap-epics-state"
          value={settings.epicsState}
          options={EPICS_STATES.map((state) => [state, EPICS_STATE_LABELS[state]])}
          onChange={(epicsState) => onChange({ ...settings, epicsState })}
        />
        <Switch
          label="Show dependency arrows"
          checked={settings.showDependencies}
          onCheckedChange={(showDependencies) => onChange({ ...settings, showDependencies })}
          data-testid="roadmap-toggle-dependencies"
        />
      </section>
      <section className="roadmap-settings-group" aria-label="Progress tracking">
        <h3>Progress tracking</h3>
        <Switch
          label="Display progress of child issues"
          checked={settings.showProgress}
          onCheckedChange={(showProgress) => onChange({ ...settings, showProgress })}
          data-testid="roadmap-toggle-progress"
        />
        {settings.showProgress ? (
          <RadioGroup
            legend="Progress by"
            name="roadmap-progress"
            value={settings.progressTracking}
            options={PROGRESS_TRACKING.map((tracking) => [tracking, PROGRESS_LABELS[tracking]])}
            onChange={(progressTracking) => onChange({ ...settings, progressTracking })}
          />
        ) : null}
      </section>
    </aside>
  );
}

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="roadmap-radios">
      <legend className="sr-only">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="roadmap-radio">
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
