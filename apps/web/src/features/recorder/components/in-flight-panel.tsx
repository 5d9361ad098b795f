import { recorderMessages, units, type MarkerKey } from '@skylog/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import type { RockerKey } from '../api/recorder-choices.ts';
import type { LiveFlight } from '../hooks/use-flight-recorder.ts';
import { describeKey } from '../hooks/rocker-keys.ts';
import { useRockerKeys } from '../hooks/use-rocker-keys.ts';

/** h:mm:ss since Start. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The GPS fix's quality in the words a pilot reads it by: its accuracy in feet and metres. */
function fixQuality(accuracy: number | null): { label: string; tone: string } {
  if (accuracy === null) return { label: 'GPS fix', tone: 'text-slate-700' };
  const text = `±${Math.round(accuracy * units.feetPerMetre)} ft (${Math.round(accuracy)} m)`;
  return accuracy <= 20 ? { label: `Good fix ${text}`, tone: 'text-emerald-700' } : accuracy <= 100 ? { label: `Fair fix ${text}`, tone: 'text-amber-700' } : { label: `Poor fix ${text}`, tone: 'text-red-700' };
}

function Readout({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col rounded-lg bg-slate-800 px-3 py-2">
      <span className="text-xs uppercase tracking-wide text-slate-400">{label}</span>
      <span className="text-3xl font-semibold tabular-nums text-white">{value}</span>
    </div>
  );
}

/**
 * The screen in flight: elapsed time in large type, the GPS fix, ground speed and altitude, the audio level, and the
 * four rocker keys in the school's colours and labels (the keys of the "Recorder keys" settings do the same: 1–4 unless
 * changed, a remote's or a headset's).
 */
export function InFlightPanel({ live, rockers, onMarker, onStop }: { live: LiveFlight; rockers: RockerKey[]; onMarker: (key: MarkerKey) => void; onStop: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const keys = useRockerKeys(onMarker);

  const { meta, lastFix, markers, level, notices } = live;
  const quality = lastFix ? fixQuality(lastFix.accuracy) : null;
  const speed = lastFix?.speed;
  const altitude = lastFix?.altitude;
  const countOf = (key: number) => markers.filter((marker) => marker.key === key).length;

  return (
    <section aria-label="Recording" className="flex flex-col gap-3 rounded-xl bg-slate-900 p-3 text-white sm:p-4">
      <div className="flex items-baseline justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium text-red-400">
          <span aria-hidden className="inline-block h-3 w-3 animate-pulse rounded-full bg-red-500" />
          {recorderMessages.states.recording}
        </span>
        <span className={`text-sm ${quality ? quality.tone.replace('700', '400') : 'text-slate-400'}`} data-testid="fix-quality">
          {meta.hasPositions ? (quality?.label ?? recorderMessages.waitingForFix) : 'No GPS'}
        </span>
      </div>
      <p className="text-center text-6xl font-bold tabular-nums sm:text-7xl" aria-label="Elapsed time" data-testid="elapsed">
        {formatElapsed(now - meta.startedAt)}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Readout label="Ground speed" value={typeof speed === 'number' && Number.isFinite(speed) ? `${Math.round(speed * units.knotsPerMetrePerSecond)} kt` : '— kt'} />
        <Readout label="Altitude" value={typeof altitude === 'number' ? `${Math.round(altitude * units.feetPerMetre)} ft` : '— ft'} />
      </div>
      {level !== null ? (
        <div className="flex items-center gap-2" aria-label="Audio level">
          <span className="text-xs text-slate-400">Audio</span>
          <div role="meter" aria-label="Audio level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)} className="h-3 flex-1 overflow-hidden rounded bg-slate-700">
            <div className={`h-full ${level > 0.9 ? 'bg-red-500' : 'bg-emerald-500'}`} style={{ width: `${Math.round(level * 100)}%` }} />
          </div>
        </div>
      ) : null}
      {notices.map((notice) => (
        <Alert key={notice} tone="warning">
          {notice}
        </Alert>
      ))}
      <div className="grid grid-cols-2 gap-3">
        {rockers.map((rocker) => (
          <button
            key={rocker.key}
            type="button"
            onClick={() => onMarker(rocker.key)}
            style={{ backgroundColor: rocker.color }}
            className="flex min-h-24 flex-col items-center justify-center rounded-xl px-2 py-4 text-xl font-bold text-white shadow-lg ring-white/60 active:scale-95 active:ring-4"
          >
            <span>{rocker.text}</span>
            <span className="text-sm font-normal opacity-90">
              key {describeKey(keys[rocker.key - 1] ?? String(rocker.key))} · {countOf(rocker.key)}
            </span>
          </button>
        ))}
      </div>
      <p className="text-sm text-slate-300" data-testid="marker-count">
        {markers.length === 1 ? '1 marker' : `${markers.length} markers`}
        {markers.length ? `, last ${rockers.find((rocker) => rocker.key === markers.at(-1)?.key)?.text ?? ''} at ${formatElapsed(markers.at(-1)!.timestamp - meta.startedAt)}` : ''}
      </p>
      <button type="button" onClick={onStop} className="rounded-xl border-2 border-white/70 py-4 text-xl font-semibold text-white hover:bg-white/10">
        {recorderMessages.stop}
      </button>
    </section>
  );
}
