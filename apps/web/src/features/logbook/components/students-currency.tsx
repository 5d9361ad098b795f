import { messages, type CurrencyStatus } from '@skylog/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useStudentsCurrency } from '../api/signing-queue.ts';
import { dayText, regulationText } from './entry-values.ts';

const cell = 'py-2 pr-3';

function LapseCell({ currency }: { currency: CurrencyStatus | undefined }) {
  if (!currency?.lapses_on) return <span className="text-slate-500">Not current</span>;
  const tone = !currency.current ? 'text-red-700' : currency.lapsing_soon ? 'text-amber-800' : 'text-slate-800';
  return (
    <span className={tone}>
      {currency.current ? 'Lapses' : 'Lapsed'} {dayText(currency.lapses_on)}
      {currency.lapsing_soon ? ' (soon)' : ''}
    </span>
  );
}

/** An instructor's students with the day each currency lapses, their solo endorsement and the entries they wait on. */
export function StudentsCurrency({ instructorId }: { instructorId: string }) {
  const students = useStudentsCurrency(instructorId);
  // One column per rule any student has, in the order the server gives them.
  const rules = new Map<string, string>();
  for (const student of students.data?.items ?? [])
    for (const currency of student.currency) if (!rules.has(currency.rule)) rules.set(currency.rule, currency.label);

  return (
    <section aria-label="Your students' currency" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">Your students&apos; currency</h2>
      {students.isError ? <Alert tone="error">{students.error.message}</Alert> : null}
      {students.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {students.data?.items.length === 0 ? <p className="text-sm text-slate-600">No students linked yet.</p> : null}
      {students.data && students.data.items.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Your students' currency">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className={`${cell} font-medium`}>Student</th>
                {[...rules].map(([rule, label]) => (
                  <th key={rule} className={`${cell} font-medium`}>
                    {label} <span className="font-normal text-slate-500">({regulationText(rule)})</span>
                  </th>
                ))}
                <th className={`${cell} font-medium`}>Solo endorsement (14 CFR 61.87(n))</th>
                <th className="py-2 font-medium">Awaiting signature</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {students.data.items.map(({ student, currency, solo_endorsement: solo, awaiting_signature: awaiting }) => (
                <tr key={student.skylog_id} className="whitespace-nowrap">
                  <td className={cell}>
                    <Link
                      to={paths.dashboard.personLogbook.getHref(student.skylog_id)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {student.name ?? 'Unnamed student'}
                    </Link>
                  </td>
                  {[...rules.keys()].map((rule) => (
                    <td key={rule} className={cell}>
                      <LapseCell currency={currency.find((item) => item.rule === rule)} />
                    </td>
                  ))}
                  <td className={`${cell} ${solo && !solo.current ? 'text-red-700' : ''}`}>
                    {solo
                      ? solo.expires_on
                        ? `${solo.current ? 'Good through' : 'Expired after'} ${dayText(solo.expires_on)}`
                        : 'In force'
                      : 'None'}
                  </td>
                  <td className="py-2 tabular-nums">{awaiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
