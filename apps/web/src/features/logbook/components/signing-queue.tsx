import { messages, type EndorsementRequest, type LogbookEntry } from '@skylog/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useCloseRequest } from '../api/endorsements.ts';
import { useSigningQueue } from '../api/signing-queue.ts';
import { EndorseDialog, type EndorsementTarget } from './endorsement-dialogs.tsx';
import { dayText, hoursText, routeText } from './entry-values.ts';
import { SignDialog } from './sign-dialog.tsx';
import { SignatureStatus } from './signature-status.tsx';

const cell = 'py-2 pr-3';

const PersonLink = ({ person }: { person: { skylog_id: string; name: string | null } }) => (
  <Link to={paths.dashboard.personLogbook.getHref(person.skylog_id)} className="font-medium text-brand-700 hover:underline">
    {person.name ?? 'Unnamed pilot'}
  </Link>
);

/**
 * The instructor's students' entries awaiting a signature (unsigned, or changed since signing) and the
 * endorsements they asked for; a signed entry or an answered request leaves the queue.
 */
export function SigningQueue({ hasAuthenticator }: { hasAuthenticator: boolean }) {
  const queue = useSigningQueue();
  const closeRequest = useCloseRequest();
  const confirm = useConfirmDialog();
  const [signing, setSigning] = useState<LogbookEntry | null>(null);
  const [target, setTarget] = useState<EndorsementTarget | null>(null);

  const handleDecline = async (request: EndorsementRequest) => {
    const isConfirmed = await confirm.ask({
      title: 'Decline the request?',
      message: `${request.student.name ?? 'The student'} asked for: ${request.title}.`,
      confirmLabel: 'Decline',
    });
    if (isConfirmed) closeRequest.mutate(request.id, { onError: (error) => notify.error(error.message) });
  };

  if (queue.isError) return <Alert tone="error">{queue.error.message}</Alert>;
  if (queue.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  const { entries, endorsement_requests: requests } = queue.data;
  return (
    <>
      <section
        aria-label="Entries awaiting signature"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 className="text-base font-semibold">Entries awaiting your signature</h2>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing to sign.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Entries awaiting signature">
              <thead className="text-xs text-slate-600">
                <tr>
                  {['Pilot', 'Date', 'Aircraft', 'Route', 'Total', 'Dual received', 'Signature', ''].map((title, index) => (
                    <th key={title || index} className={`${cell} font-medium`}>
                      {title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={cell}>
                      <PersonLink person={entry.pilot} />
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      <Link to={paths.dashboard.logbookEntry.getHref(entry.id)} className="text-brand-700 hover:underline">
                        {entry.date}
                      </Link>
                    </td>
                    <td className={cell}>{entry.aircraft_identification ?? entry.aircraft_make_model ?? '—'}</td>
                    <td className={cell}>{routeText(entry.route)}</td>
                    <td className={`${cell} tabular-nums`}>{hoursText(entry.total_hours)}</td>
                    <td className={`${cell} tabular-nums`}>{hoursText(entry.dual_received_hours)}</td>
                    <td className={cell}>
                      <SignatureStatus signature={entry.signature} />
                    </td>
                    <td className="py-2">
                      {entry.can_sign ? (
                        <Button
                          aria-label={`Sign the entry of ${entry.date} for ${entry.pilot.name ?? 'the pilot'}`}
                          onClick={() => setSigning(entry)}
                        >
                          Sign
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-label="Endorsement requests" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-base font-semibold">Endorsements asked for</h2>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-600">No requests.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <PersonLink person={request.student} />: {request.title}{' '}
                  <span className="text-xs text-slate-500">({dayText(request.created_at)})</span>
                  {request.note ? <span className="block text-xs text-slate-600">“{request.note}”</span> : null}
                </span>
                <span className="flex gap-2">
                  <Button onClick={() => setTarget({ student: request.student, request })}>Give endorsement</Button>
                  <Button variant="secondary" onClick={() => void handleDecline(request)}>
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SignDialog entry={signing} hasAuthenticator={hasAuthenticator} onClose={() => setSigning(null)} />
      <EndorseDialog target={target} hasAuthenticator={hasAuthenticator} onClose={() => setTarget(null)} />
      {confirm.dialog}
    </>
  );
}
