/** The roadmap toolbar's Export button and its dialog. */
import { useState } from 'react';
import { Button } from '../../ui/index.ts';
import type { RoadmapExportSource } from './exportSource.ts';
import { EXPORT_TEXT } from './exportTexts.ts';
import { RoadmapExportDialog } from './RoadmapExportDialog.tsx';
import { useRoadmapExport } from './useRoadmapExport.ts';

export function RoadmapExportButton({ source }: { readonly source: RoadmapExportSource }) {
  const [open, setOpen] = useState(false);
  const exporter = useRoadmapExport(source, source.today);
  return (
    <>
      <Button
        icon="download"
        aria-haspopup="dialog"
        title={EXPORT_TEXT.buttonTitle}
        onClick={() => {
          exporter.reset();
          setOpen(true);
        }}
        data-testid="roadmap-export"
      >
        {EXPORT_TEXT.button}
      </Button>
      {open ? (
        <RoadmapExportDialog
          state={exporter.state}
          total={source.total}
          canExportView={source.viewport() !== null}
          onExport={(choice) => void exporter.run(choice)}
          onCancel={exporter.cancel}
          onClose={() => {
            exporter.cancel();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
