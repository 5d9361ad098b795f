import { recorderMessages } from '@skylog/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import type { RecordingMeta } from '../api/recording-store.ts';
import type { SendProgress } from '../api/send-recording.ts';
import { formatElapsed } from './in-flight-panel.tsx';

export type LocalRecording = RecordingMeta & { fixCount: number };

/**
 * The recordings waiting on this phone, each with its state: waiting to be sent (and why the last try stopped), being
 * sent with its progress, or waiting for the person's answer (a short or position-less recording).
 */
export function LocalRecordings({
  recordings,
  progress,
  otherCount,
  onSend,
  onSendAnyway,
  onDiscard,
}: {
  recordings: LocalRecording[];
  progress: Record<string, SendProgress>;
  otherCount: number;
  onSend: (id: string) => void;
  onSendAnyway: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  return (
    <section aria-labelledby="local-recordings" className="flex flex-col gap-2">
      <h2 id="local-recordings" className="text-lg font-semibold text-slate-900">
        {recorderMessages.localRecordings}
      </h2>
      {recordings.length === 0 ? <p className="text-sm text-slate-600">{recorderMessages.noLocalRecordings}</p> : null}
      <ul className="flex flex-col gap-2">
        {recordings.map((recording) => {
          const step = progress[recording.id];
          const seconds = Math.round(((recording.stoppedAt ?? Date.now()) - recording.startedAt) / 1000);
          return (
            <li key={recording.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="local-recording">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{recording.tripName}</span>
                <span className="text-sm text-slate-600" data-testid="recording-state">
                  {recorderMessages.states[recording.state]}
                </span>
              </div>
              <p className="text-xs text-slate-600">
                {formatElapsed(seconds * 1000)} · {recording.fixCount} positions · {recording.hasAudio ? 'audio' : 'no audio'}
              </p>
              {recording.state === 'uploading' && step ? (
                <ProgressBar value={step.step === 'flight' ? 0 : step.fraction} label={step.step === 'flight' ? recorderMessages.sendingFlight : recorderMessages.sendingAudio} />
              ) : null}
              {recording.state === 'stopped' && recording.lastError ? <p className="text-sm text-amber-800">{recording.lastError}</p> : null}
              {recording.state === 'needs-question' ? (
                <>
                  <p className="text-sm text-slate-800">{recorderMessages.shortOrNoFix(seconds, recording.fixCount > 0)}</p>
                  <div className="flex gap-2">
                    <Button onClick={() => onSendAnyway(recording.id)}>{recorderMessages.sendAnyway}</Button>
                    <Button variant="secondary" onClick={() => onDiscard(recording.id)}>
                      {recorderMessages.discard}
                    </Button>
                  </div>
                </>
              ) : null}
              {recording.state === 'stopped' ? (
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => onSend(recording.id)}>
                    {recorderMessages.sendNow}
                  </Button>
                  {/* A recording the server keeps refusing (a flight it will not take) must not stay on the phone for ever. */}
                  {recording.lastError ? (
                    <Button variant="secondary" onClick={() => onDiscard(recording.id)}>
                      {recorderMessages.discard}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {otherCount ? <p className="text-xs text-slate-600">{recorderMessages.otherPeoplesRecordings(otherCount)}</p> : null}
    </section>
  );
}
