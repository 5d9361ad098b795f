import { messages, type Endorsement, type EndorsementRequest, logbookMessages } from '@skylog/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useCloseRequest, useEndorsements } from '../api/endorsements.ts';
import { EndorseDialog, RequestEndorsementDialog, type EndorsementTarget } from './endorsement-dialogs.tsx';
import { dayText } from './entry-values.ts';
import type { LogbookViewer } from './viewer.ts';

function EndorsementItem({ endorsement }: { endorsement: Endorsement }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const isExpired = !endorsement.current && endorsement.expires_on !== null;
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-900">{endorsement.title}</span>
        <span className="text-xs text-slate-500">{endorsement.regulation}</span>
        {isExpired ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">expired</span> : null}
        {endorsement.signature_valid ? null : (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{logbookMessages.signatureNoLongerValid}</span>
        )}
      </div>
      <p className="text-sm text-slate-700">{endorsement.text}</p>
      <p className="text-xs text-slate-600">
        {endorsement.instructor_name}, certificate {endorsement.certificate_number} (expires {dayText(endorsement.certificate_expires)}),
        signed {formatDateTime(endorsement.signed_at, timezone)}
        {endorsement.expires_on ? ` · ${isExpired ? 'expired after' : 'good through'} ${dayText(endorsement.expires_on)}` : ''}
      </p>
    </li>
  );
}

type EndorsementsPanelProps = { personId: string; pilotName: string | null; viewer: LogbookViewer };

/**
 * A pilot's endorsements (AC 61-65) and the ones they asked for: the student asks (and may withdraw), the
 * instructor gives one, or declines the request; the server decides whose student is whose.
 */
export function EndorsementsPanel({ personId, pilotName, viewer }: EndorsementsPanelProps) {
  const endorsements = useEndorsements(personId);
  const closeRequest = useCloseRequest();
  const confirm = useConfirmDialog();
  const [target, setTarget] = useState<EndorsementTarget | null>(null);
  const [isRequesting, setIsRequesting] = useState(false);
  const isOwn = viewer.skylogId === personId;
  const canRequest = isOwn && canCallOperation(viewer.role, 'logbook.request-endorsement');
  const canGive = !isOwn && canCallOperation(viewer.role, 'logbook.sign');
  const canClose = (isOwn || canGive) && canCallOperation(viewer.role, 'logbook.close-request');
  const student = { skylog_id: personId, name: pilotName };

  const handleClose = async (request: EndorsementRequest) => {
    const isConfirmed = await confirm.ask({
      title: isOwn ? 'Withdraw the request?' : 'Decline the request?',
      message: `${request.title}${request.note ? `: “${request.note}”` : ''}`,
      confirmLabel: isOwn ? 'Withdraw' : 'Decline',
    });
    if (isConfirmed) closeRequest.mutate(request.id, { onError: (error) => notify.error(error.message) });
  };

  return (
    <section aria-label="Endorsements" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Endorsements</h2>
        <div className="flex gap-2">
          {canRequest ? (
            <Button variant="secondary" onClick={() => setIsRequesting(true)}>
              Request an endorsement
            </Button>
          ) : null}
          {canGive ? <Button onClick={() => setTarget({ student })}>Give endorsement</Button> : null}
        </div>
      </div>
      {endorsements.isError ? <Alert tone="error">{endorsements.error.message}</Alert> : null}
      {endorsements.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {endorsements.data ? (
        <>
          {endorsements.data.items.length > 0 ? (
            <ul className="divide-y divide-slate-100">
              {endorsements.data.items.map((endorsement) => (
                <EndorsementItem key={endorsement.id} endorsement={endorsement} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No endorsements yet.</p>
          )}
          {endorsements.data.requests.length > 0 ? (
            <div className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold text-slate-800">Asked for</h3>
              <ul className="divide-y divide-slate-100">
                {endorsements.data.requests.map((request) => (
                  <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      {request.title} <span className="text-xs text-slate-500">({dayText(request.created_at)})</span>
                      {request.note ? <span className="block text-xs text-slate-600">“{request.note}”</span> : null}
                    </span>
                    <span className="flex gap-2">
                      {canGive ? (
                        <Button variant="secondary" onClick={() => setTarget({ student, request })}>
                          Give endorsement
                        </Button>
                      ) : null}
                      {canClose ? (
                        <Button variant="secondary" onClick={() => void handleClose(request)}>
                          {isOwn ? 'Withdraw' : 'Decline'}
                        </Button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
      <EndorseDialog target={target} hasAuthenticator={viewer.hasAuthenticator} onClose={() => setTarget(null)} />
      <RequestEndorsementDialog studentId={personId} isOpen={isRequesting} onClose={() => setIsRequesting(false)} />
      {confirm.dialog}
    </section>
  );
}
