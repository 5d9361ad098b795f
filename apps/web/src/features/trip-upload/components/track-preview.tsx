import { formatDuration } from '../../../lib/format-time.ts';
import { useTrackPreview } from '../api/read-track-file.ts';

/** One line under the track file: what it holds, read in the browser, before the upload. */
export function TrackPreviewLine({ file }: { file: File | null }) {
  const preview = useTrackPreview(file);
  if (!file || !preview.data) return null;
  const data = preview.data;
  const text =
    data.kind === 'track'
      ? `${data.format.toUpperCase()}: ${data.points.toLocaleString('en-US')} points over ${formatDuration(data.endMs - data.startMs)}${
          data.notices > 0 ? `, ${data.notices} ${data.notices === 1 ? 'correction' : 'corrections'} on upload` : ''
        }`
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
