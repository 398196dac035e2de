/**
 * What printing the roadmap page shows: a WebGL canvas may print blank, so just before the browser
 * prints, the current view is drawn (same core painter as the PNG export) into an image that the
 * print stylesheet shows in place of the live timeline; it is dropped after printing.
 */
import { useEffect, useRef, useState } from 'react';
import { drawImageHere } from '../../bridge/roadmapExportClient.ts';
import { systemClock } from '../../lib/clock.ts';
import { exportRequest, type RoadmapExportSource } from './exportSource.ts';

/** Width of the printed picture, px: sharp on A4/Letter landscape at ~180 dpi. */
const PRINT_WIDTH = 1920;

export function RoadmapPrintImage({ source }: { readonly source: RoadmapExportSource }) {
  const [image, setImage] = useState<string | null>(null);
  const latest = useRef(source);
  latest.current = source;
  useEffect(() => {
    const before = () => {
      const request = exportRequest(latest.current, latest.current.epics, 'view', systemClock.now());
      setImage(request ? drawImageHere(request, PRINT_WIDTH) : null);
    };
    const after = () => setImage(null);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return image ? (
    <div className="roadmap-print-image" data-testid="roadmap-print-image">
      <img src={image} alt="Roadmap (printed view)" />
    </div>
  ) : null;
}
