import { recorderMessages, type MarkerKey } from '@skylog/contracts';
import { useEffect, useState } from 'react';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { defaultSettings, useSettingsStore } from '../../../lib/settings-store.ts';
import type { RockerKey } from '../api/recorder-choices.ts';
import { captureKey, describeKey, mediaSessionActions, type RockerMediaAction } from '../hooks/rocker-keys.ts';

const text = recorderMessages.recorderKeys;

type Notice = { tone: 'status' | 'alert'; text: string };

/**
 * This phone's "Recorder keys" (docs/product.md "Recording on a phone"): for each rocker, the key that drops its
 * marker, set by pressing it. Kept per browser, since the remote belongs to the phone, not to the account.
 */
export function RecorderKeysSettings({ rockers }: { rockers: RockerKey[] }) {
  const keys = useSettingsStore((state) => state.recorderKeys);
  const setRecorderKeys = useSettingsStore((state) => state.setRecorderKeys);
  const [capturing, setCapturing] = useState<MarkerKey | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const labelOf = (marker: MarkerKey) => rockers.find((rocker) => rocker.key === marker)?.text ?? String(marker);

  useEffect(() => {
    if (capturing === null) return;
    const label = rockers.find((rocker) => rocker.key === capturing)?.text ?? String(capturing);
    const take = (key: string) => {
      const outcome = captureKey(keys, capturing, key);
      if (outcome.kind === 'waiting') return;
      setCapturing(null);
      if (outcome.kind === 'cancelled') setNotice({ tone: 'status', text: text.cancelled });
      else if (outcome.kind === 'reserved') setNotice({ tone: 'alert', text: text.reserved(describeKey(outcome.key)) });
      else if (outcome.kind === 'taken') {
        const owner = rockers.find((rocker) => rocker.key === outcome.by)?.text ?? String(outcome.by);
        setNotice({ tone: 'alert', text: text.taken(describeKey(outcome.key), owner) });
      } else {
        setRecorderKeys(outcome.keys);
        setNotice({ tone: 'status', text: text.saved(describeKey(outcome.key), label) });
      }
    };
    const onKey = (event: KeyboardEvent) => {
      // The key is the answer, not a command to the page (Space would press the focused button again).
      event.preventDefault();
      event.stopPropagation();
      take(event.key);
    };
    // Where the phone hands a headset's button to the page as a media-session action, that is the key to take.
    const session = 'mediaSession' in navigator ? navigator.mediaSession : null;
    const actions = Object.keys(mediaSessionActions) as RockerMediaAction[];
    for (const action of actions) {
      try {
        session?.setActionHandler(action, () => take(mediaSessionActions[action][0]));
      } catch {
        // This action is not supported here.
      }
    }
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      for (const action of actions) {
        try {
          session?.setActionHandler(action, null);
        } catch {
          // Never registered.
        }
      }
    };
  }, [capturing, keys, rockers, setRecorderKeys]);

  const isDefault = keys.every((key, index) => key === defaultSettings.recorderKeys[index]);

  return (
    <SettingsSection id="recorder-keys-title" title={text.title} description={text.intro}>
      <p className="text-sm text-slate-600">{text.headsetNote}</p>
      <ul className="flex flex-col gap-2">
        {rockers.map((rocker) => {
          const isCapturing = capturing === rocker.key;
          return (
            <li key={rocker.key} className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2 text-sm text-slate-900">
                <span aria-hidden className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: rocker.color }} />
                {rocker.text}
              </span>
              <span className="flex items-center gap-2">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm text-slate-900">
                  {describeKey(keys[rocker.key - 1] ?? String(rocker.key))}
                </kbd>
                <button
                  type="button"
                  aria-pressed={isCapturing}
                  onClick={() => {
                    setNotice(null);
                    setCapturing(isCapturing ? null : rocker.key);
                  }}
                  className={`rounded-md border px-3 py-1.5 text-sm font-medium ${isCapturing ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
                >
                  {isCapturing ? text.pressKey(labelOf(rocker.key)) : text.setKey(labelOf(rocker.key))}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div role="status" className={`text-sm ${notice?.tone === 'alert' ? 'text-red-700' : 'text-slate-700'}`}>
        {notice?.text}
      </div>
      {isDefault ? null : (
        <button
          type="button"
          onClick={() => {
            setCapturing(null);
            setRecorderKeys(defaultSettings.recorderKeys);
            setNotice(null);
          }}
          className="self-start text-sm text-brand-600 hover:underline"
        >
          {text.reset}
        </button>
      )}
    </SettingsSection>
  );
}
