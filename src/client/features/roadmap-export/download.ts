/** Saves a Blob as a file through a temporary `<a download>` (the object URL is freed a minute later). */
import { systemClock } from '../../lib/clock.ts';

const REVOKE_AFTER_MS = 60_000;

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  systemClock.after(REVOKE_AFTER_MS, () => URL.revokeObjectURL(url));
}
