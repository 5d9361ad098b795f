import type { AircraftCategory } from '@skylog/contracts';
import { formatDuration } from '../../../lib/format-time.ts';
import { useTrackPreview } from '../api/read-track-file.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line under the track file: what it holds, read in the browser, before the upload. */
export function TrackPreviewLine({ file, category }: { file: File | null; category: AircraftCategory | null }) {
  const preview = useTrackPreview(file, category);
  if (!file || !preview.data) return null;
  const data = preview.data;
  const text =
    data.kind === 'track'
      ? `${data.format.toUpperCase()}: ${data.points.toLocaleString('en-US')} points over ${formatDuration(data.endMs - data.startMs)}, ${count(
          data.takeoffs,
          'take-off',
          'take-offs',
        )} and ${count(data.landings, 'landing', 'landings')}${data.notices > 0 ? `; ${count(data.notices, 'correction', 'corrections')} on upload` : ''}`
      : data.kind === 'untimed'
        ? `A path of ${data.points.toLocaleString('en-US')} points without times: Skylog will ask when it was flown.`
        : data.message;
  return (
    // Announced when it appears; not a status role, which the form keeps for the upload's own result.
    <p aria-live="polite" className={data.kind === 'refused' ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
      {text}
    </p>
  );
}
