import { Alert } from '../../../components/ui/alert.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { usePilotProfile } from '../api/get-pilot-profile.ts';

/** The people this person has flown with (either seat), most flights first. */
export function CrewMembers({ userId }: { userId: string }) {
  const profile = usePilotProfile(userId);
  const timezone = useSettingsStore((state) => state.timezone);
  const crew = profile.data?.crew_members ?? [];
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Flies with">
      <h2 className="text-lg font-semibold">Flies with</h2>
      {profile.error ? <Alert tone="error">{profile.error.message}</Alert> : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {profile.isSuccess && crew.length === 0 ? <li className="py-2 text-sm text-slate-500">No flights with a crew member yet.</li> : null}
        {crew.map((member) => (
          <li key={member.skylog_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0 break-words">{member.name ?? member.email}</span>
            <span className="text-xs text-slate-500">
              {member.flights} flight{member.flights === 1 ? '' : 's'}
              {member.last_flight ? ` · last ${formatDateTime(member.last_flight, timezone)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
