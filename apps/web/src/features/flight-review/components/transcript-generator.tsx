import { generateTranscriptFailedMessage, isOrgWideRole, messages, type TripDetail } from '@skylog/contracts';
import { AudioLines } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatClock } from '../../../lib/format-time.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useGenerateTranscript } from '../api/generate-transcript.ts';
import { Spinner } from './panel.tsx';

type TranscriptTrip = Pick<TripDetail, 'trip_id' | 'audio' | 'has_transcript' | 'transcript_in_progress' | 'transcript_error' | 'transcript_started_at'>;

/** Seconds since `since`, ticking once a second while shown. */
function useElapsedSeconds(since: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since ? Math.max(0, Math.round((now - Date.parse(since)) / 1000)) : 0;
}

/**
 * Generate / Regenerate transcript (docs/product.md "Transcription and automatic notes"), for those who may edit a
 * flight with playable audio: the state while it runs (providers report no progress, so the elapsed time is shown,
 * never a made-up percentage) and the failure in contracts' words. With no provider configured, the organization's
 * administrators read which variables to set; anyone else reads whom to ask while the flight has no transcript, and
 * nothing once it has one.
 */
export function TranscriptGenerator({ trip, viewerRole }: { trip: TranscriptTrip; viewerRole: string | undefined }) {
  const config = useClientConfig();
  const generate = useGenerateTranscript(trip.trip_id);
  const { dialog, ask } = useConfirmDialog();
  const elapsed = useElapsedSeconds(trip.transcript_in_progress ? trip.transcript_started_at : null);
  const provider = config.data?.transcription_provider;
  if (!provider) return null;

  if (trip.transcript_in_progress) {
    const audioMinutes = Math.round((trip.audio.duration_ms ?? 0) / 60000);
    return (
      <div role="status" className="flex flex-col gap-1.5 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
        <span className="flex items-center gap-2">
          <Spinner /> Transcribing {audioMinutes > 0 ? `${audioMinutes} min of audio` : 'the audio'}… {formatClock(elapsed)} elapsed
        </span>
        <div aria-hidden className="h-1.5 overflow-hidden rounded bg-sky-100">
          <div className="h-full w-1/3 skylog-indeterminate animate-[skylog-indeterminate_1.6s_ease-in-out_infinite] rounded bg-sky-500" />
        </div>
      </div>
    );
  }

  const hasTranscript = trip.has_transcript;
  if (provider === 'none' && !(viewerRole && isOrgWideRole(viewerRole))) {
    return hasTranscript ? null : <p className="text-sm text-slate-600">{messages.transcriptNotSetUp}</p>;
  }

  const label = hasTranscript ? 'Regenerate transcript' : 'Generate transcript';
  const start = async () => {
    if (hasTranscript && !(await ask({ title: 'Regenerate transcript?', message: messages.transcriptRegenerateConfirm, confirmLabel: 'Regenerate' }))) return;
    generate.mutate();
  };
  const failure = generate.error ? generateTranscriptFailedMessage(generate.error.message) : trip.transcript_error;

  return (
    <div className="flex flex-col gap-2">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {provider === 'none' ? (
        <div className="flex flex-col items-start gap-1">
          <Button variant="secondary" disabled aria-describedby={`transcription-off-${trip.trip_id}`} className="px-3 py-1.5">
            <AudioLines size={14} aria-hidden className="mr-1" /> {label}
          </Button>
          <p id={`transcription-off-${trip.trip_id}`} className="text-xs text-slate-600">
            {messages.transcriptNotConfigured}
          </p>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => void start()} isLoading={generate.isPending} className="self-start px-3 py-1.5">
          <AudioLines size={14} aria-hidden className="mr-1" /> {label}
        </Button>
      )}
      {dialog}
    </div>
  );
}
