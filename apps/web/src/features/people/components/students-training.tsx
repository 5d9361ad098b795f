import { messages } from '@skylog/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { DayRangeInputs, isReversed, type DayRange } from '../../../components/ui/day-range-inputs.tsx';
import { formatDateTime, timeZoneName, formatHours } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useStudentsTraining } from '../api/get-training-record.ts';

type StudentsTrainingProps = {
  instructorId: string;
  getStudentHref: (id: string) => string;
  /** A student's logbook, where the viewer may open it. */
  getLogbookHref?: ((id: string) => string) | undefined;
};

/** An instructor's students side by side: flights, hours, what the analysis found, last flight and debrief. */
export function StudentsTraining({ instructorId, getStudentHref, getLogbookHref }: StudentsTrainingProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const asked = isReversed(range) ? { from: '', to: '' } : range;
  const training = useStudentsTraining(instructorId, {
    timezone: timeZoneName(timezone),
    from: asked.from || undefined,
    to: asked.to || undefined,
  });
  const when = (value: string | null) => (value ? formatDateTime(value, timezone) : '—');
  return (
    <section aria-label="Students' training" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Students&apos; training</h2>
        <DayRangeInputs value={range} onChange={setRange} />
      </div>
      {training.isError ? <Alert tone="error">{training.error.message}</Alert> : null}
      {training.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {training.data && training.data.items.length === 0 ? <p className="text-sm text-slate-600">No students linked yet.</p> : null}
      {training.data && training.data.items.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Students' training">
            <thead className="text-xs text-slate-600">
              <tr>
                {[
                  'Student',
                  'Flights',
                  'Hours',
                  'Landings',
                  'Go-arounds',
                  'To work on',
                  'Readback findings',
                  'Last flight',
                  'Last debrief',
                ].map((title) => (
                  <th key={title} className="py-2 pr-3 font-medium">
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {training.data.items.map((student) => (
                <tr key={student.skylog_id} className="whitespace-nowrap">
                  <td className="py-2 pr-3">
                    <Link to={getStudentHref(student.skylog_id)} className="font-medium text-brand-700 hover:underline">
                      {student.name ?? student.skylog_id}
                    </Link>
                    {getLogbookHref ? (
                      <Link
                        to={getLogbookHref(student.skylog_id)}
                        aria-label={`Logbook of ${student.name ?? student.skylog_id}`}
                        className="ml-2 text-xs text-brand-700 hover:underline"
                      >
                        Logbook
                      </Link>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">{student.flights}</td>
                  <td className="py-2 pr-3">{formatHours(student.flight_time_ms)}</td>
                  <td className="py-2 pr-3">{student.landings}</td>
                  <td className="py-2 pr-3">{student.go_arounds}</td>
                  <td className="py-2 pr-3">{student.moments_improve}</td>
                  <td className="py-2 pr-3">
                    {student.readback_findings} of {student.readbacks}
                  </td>
                  <td className="py-2 pr-3">{when(student.last_flight)}</td>
                  <td className="py-2">{when(student.last_debrief)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
