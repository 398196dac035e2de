/**
 * The export dialog: format (PNG, PDF, CSV) and its options, a progress bar while the export runs
 * in the background, Cancel to stop it. The file downloads when it is ready.
 */
import { useId, useState } from 'react';
import {
  IMAGE_WIDTHS,
  MAX_IMAGE_WIDTH,
  MIN_IMAGE_WIDTH,
  PAPER_SIZES,
  type PaperSize,
} from '../../../core/roadmapExport/index.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { EXPORT_TEXT } from './exportTexts.ts';
import type { ExportChoice, ExportState } from './useRoadmapExport.ts';

type Format = ExportChoice['format'];

export interface RoadmapExportDialogProps {
  readonly state: ExportState;
  readonly total: number | null;
  readonly canExportView: boolean;
  readonly onExport: (choice: ExportChoice) => void;
  readonly onCancel: () => void;
  readonly onClose: () => void;
}

function Choice<T extends string>(props: {
  readonly legend: string;
  readonly name: string;
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string; readonly disabled?: boolean }[];
  readonly onChange: (value: T) => void;
  readonly disabled: boolean;
}) {
  return (
    <fieldset className="roadmap-export-field" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      <div className="roadmap-export-options">
        {props.options.map((option) => (
          <label key={option.value} className="roadmap-export-option">
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              disabled={option.disabled}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function RoadmapExportDialog(props: RoadmapExportDialogProps) {
  const { state } = props;
  const id = useId();
  const [format, setFormat] = useState<Format>('png');
  const [region, setRegion] = useState<'view' | 'all'>(props.canExportView ? 'view' : 'all');
  const [width, setWidth] = useState<string>('1920');
  const [customWidth, setCustomWidth] = useState('1600');
  const [paper, setPaper] = useState<PaperSize>('A4');
  const running = state.status === 'running';
  const pixels = Number(width === 'custom' ? customWidth : width);
  const widthValid = Number.isInteger(pixels) && pixels >= MIN_IMAGE_WIDTH && pixels <= MAX_IMAGE_WIDTH;

  const choice = (): ExportChoice | null => {
    if (format === 'csv') return { format };
    if (format === 'pdf') return { format, paper };
    return widthValid ? { format, region, width: pixels } : null;
  };

  return (
    <Dialog
      open
      title={EXPORT_TEXT.title}
      onClose={running ? props.onCancel : props.onClose}
      testId="roadmap-export-dialog"
      className="roadmap-export-dialog"
    >
      <form
        className="roadmap-export-form"
        onSubmit={(event) => {
          event.preventDefault();
          const next = choice();
          if (next && !running) props.onExport(next);
        }}
      >
        <Choice
          legend={EXPORT_TEXT.format}
          name={`${id}-format`}
          value={format}
          disabled={running}
          onChange={setFormat}
          options={[
            { value: 'png', label: EXPORT_TEXT.png },
            { value: 'pdf', label: EXPORT_TEXT.pdf },
            { value: 'csv', label: EXPORT_TEXT.csv },
          ]}
        />
        {format === 'png' ? (
          <>
            <Choice
              legend={EXPORT_TEXT.area}
              name={`${id}-area`}
              value={region}
              disabled={running}
              onChange={setRegion}
              options={[
                { value: 'view', label: EXPORT_TEXT.currentView, disabled: !props.canExportView },
                { value: 'all', label: EXPORT_TEXT.wholeRoadmap },
              ]}
            />
            {region === 'all' ? <p className="roadmap-export-help">{EXPORT_TEXT.wholeHelp}</p> : null}
            <Choice
              legend={EXPORT_TEXT.width}
              name={`${id}-width`}
              value={width}
              disabled={running}
              onChange={setWidth}
              options={[
                ...IMAGE_WIDTHS.map((w) => ({ value: String(w), label: `${w} px` })),
                { value: 'custom', label: EXPORT_TEXT.custom },
              ]}
            />
            {width === 'custom' ? (
              <label className="roadmap-export-custom">
                {EXPORT_TEXT.customWidth}
                <input
                  className="input"
                  type="number"
                  min={MIN_IMAGE_WIDTH}
                  max={MAX_IMAGE_WIDTH}
                  step={1}
                  value={customWidth}
                  disabled={running}
                  aria-invalid={!widthValid}
                  aria-describedby={widthValid ? undefined : `${id}-width-error`}
                  onChange={(event) => setCustomWidth(event.target.value)}
                  data-testid="roadmap-export-custom-width"
                />
              </label>
            ) : null}
            {widthValid ? null : (
              <p id={`${id}-width-error`} className="roadmap-export-error">
                {EXPORT_TEXT.widthInvalid(MIN_IMAGE_WIDTH, MAX_IMAGE_WIDTH)}
              </p>
            )}
          </>
        ) : null}
        {format === 'pdf' ? (
          <>
            <Choice
              legend={EXPORT_TEXT.paper}
              name={`${id}-paper`}
              value={paper}
              disabled={running}
              onChange={setPaper}
              options={PAPER_SIZES.map((size) => ({ value: size, label: size }))}
            />
            <p className="roadmap-export-help">{EXPORT_TEXT.pdfHelp}</p>
          </>
        ) : null}
        {format === 'csv' ? <p className="roadmap-export-help">{EXPORT_TEXT.csvHelp(props.total)}</p> : null}
        <ExportStatus state={state} />
        <div className="roadmap-export-actions">
          {running ? (
            <Button onClick={props.onCancel} data-testid="roadmap-export-cancel">
              {EXPORT_TEXT.cancel}
            </Button>
          ) : (
            <Button onClick={props.onClose} data-testid="roadmap-export-close">
              {EXPORT_TEXT.close}
            </Button>
          )}
          <Button
            type="submit"
            variant="confirm"
            icon="download"
            disabled={running || choice() === null}
            data-testid="roadmap-export-start"
          >
            {EXPORT_TEXT.start}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ExportStatus({ state }: { readonly state: ExportState }) {
  const percent =
    state.status === 'running' ? Math.round(state.progress * 100) : state.status === 'done' ? 100 : 0;
  const message =
    state.status === 'running'
      ? state.message
      : state.status === 'done'
        ? EXPORT_TEXT.done(state.fileName)
        : state.status === 'cancelled'
          ? EXPORT_TEXT.cancelled
          : state.status === 'failed'
            ? EXPORT_TEXT.failed
            : '';
  return (
    <div className="roadmap-export-status" data-status={state.status} data-testid="roadmap-export-status">
      {state.status === 'running' || state.status === 'done' ? (
        <div
          className="roadmap-export-progress"
          role="progressbar"
          aria-label={EXPORT_TEXT.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="roadmap-export-progress"
        >
          <div className="roadmap-export-progress-bar" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p
        className={state.status === 'failed' ? 'roadmap-export-error' : 'roadmap-export-message'}
        aria-live="polite"
      >
        {message}
      </p>
    </div>
  );
}
