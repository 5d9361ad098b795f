import { useSettingsStore } from '../lib/settings-store.ts';

/** Local / UTC for every time on the screen; the choice is kept in the browser's settings. */
export function TimezoneToggle() {
  const timezone = useSettingsStore((state) => state.timezone);
  const setTimezone = useSettingsStore((state) => state.setTimezone);
  return (
    <div role="radiogroup" aria-label="Timezone" className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm">
      {(['Local', 'UTC'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={timezone === option}
          onClick={() => setTimezone(option)}
          className={`px-3 py-1.5 ${timezone === option ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
