import { getRoleLabel, messages } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSubOrgFlightStats } from '../api/get-sub-org-flight-stats.ts';

const hours = (ms: number) => `${(ms / 3_600_000).toFixed(1)} h`;

/**
 * Flights and hours per member of a sub-organization: what its admins see instead of flight rows, since they may not
 * open flights (docs/product.md "Organizations and sub-organizations").
 */
export function SubOrgFlightStats({ id }: { id: string }) {
  const stats = useSubOrgFlightStats(id);
  return (
    <section aria-labelledby="sub-org-flight-stats-title" className="flex flex-col gap-2">
      <h2 id="sub-org-flight-stats-title" className="text-lg font-semibold">
        Flights per member
      </h2>
      <p className="text-sm text-slate-600">The sub-organization's flights each member is on, as owner or in a seat.</p>
      {stats.isPending ? <p className="text-sm text-slate-500">{messages.loading}</p> : null}
      {stats.error ? <Alert tone="error">{stats.error.message}</Alert> : null}
      {stats.data ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" aria-label="Flights per member">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Member
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Role
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Flights
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Flight time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.data.items.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-4 py-6 text-slate-500">
                    No members yet.
                  </td>
                </tr>
              ) : (
                stats.data.items.map((member) => (
                  <tr key={member.skylog_id}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {member.name || member.email}
                    </th>
                    <td className="px-4 py-2">{getRoleLabel(member.user_type) || member.user_type}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{member.flights}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{hours(member.flight_time_ms)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
