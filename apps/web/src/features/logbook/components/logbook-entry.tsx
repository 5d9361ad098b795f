import {
  logbookFieldLabels,
  logbookMessages,
  logbookTrackFields,
  type LogbookEntry as Entry,
  type LogbookField,
  type LogbookSignature,
} from '@skylog/contracts';
import { Pencil, PenLine, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useSettingsStore, type Timezone } from '../../../lib/settings-store.ts';
import { useDeleteEntry, useUpdateEntry } from '../api/change-entry.ts';
import { EntryForm } from './entry-form.tsx';
import { dayText, entryGroups, fieldLabel, isSameValue, valueText } from './entry-values.ts';
import { SignDialog } from './sign-dialog.tsx';
import { SignatureStatus } from './signature-status.tsx';

type TrackField = (typeof logbookTrackFields)[number];
const isTrackField = (field: LogbookField): field is TrackField => (logbookTrackFields as readonly string[]).includes(field);

const sourceLabels: Record<Entry['source'], string> = { flight: 'From a flight', import: 'Imported', manual: 'Typed by hand' };

type LogbookEntryProps = {
  entry: Entry;
  /** The screen's heading for it: the date on its own screen, the pilot's name among a flight's entries. */
  heading: string;
  /** The signer's authenticator app, offered instead of their password when they have one. */
  hasAuthenticator: boolean;
  /** Where to go once the entry is deleted. */
  onDeleted?: () => void;
};

/**
 * One logbook entry as 14 CFR 61.51(b) lists its content, with what the flight's track filled marked as such, and
 * its instructor's signature; edited, signed and deleted as the server allows the viewer (`can_edit`, `can_sign`).
 */
export function LogbookEntry({ entry, heading, hasAuthenticator, onDeleted }: LogbookEntryProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [isSigning, setIsSigning] = useState(false);
  const deleteEntry = useDeleteEntry();
  const confirm = useConfirmDialog();

  const handleDelete = async () => {
    const isConfirmed = await confirm.ask({
      title: `Delete the entry of ${entry.date}?`,
      message: entry.signature
        ? 'The entry and its signature are removed; the verification of this logbook will then report a signed entry missing from the chain.'
        : 'The entry is removed from the logbook and its totals.',
      confirmLabel: 'Delete',
    });
    if (!isConfirmed) return;
    deleteEntry.mutate(entry.id, {
      onSuccess: () => {
        notify.success(logbookMessages.entryDeleted);
        onDeleted?.();
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <article aria-label={heading} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
          <p className="text-xs text-slate-500">
            What 14 CFR 61.51 asks a pilot to log. {sourceLabels[entry.source]}
            {entry.trip_id ? (
              <>
                {' '}
                (
                <Link to={paths.dashboard.flight.getHref(entry.trip_id)} className="text-brand-700 hover:underline">
                  open the flight
                </Link>
                )
              </>
            ) : null}
            .
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {entry.can_sign ? (
            <Button onClick={() => setIsSigning(true)}>
              <PenLine size={14} aria-hidden className="mr-1" /> Sign
            </Button>
          ) : null}
          {entry.can_edit && !isEditing ? (
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              <Pencil size={14} aria-hidden className="mr-1" /> Edit entry
            </Button>
          ) : null}
          {entry.can_edit ? (
            <Button variant="secondary" onClick={() => void handleDelete()} isLoading={deleteEntry.isPending}>
              <Trash2 size={14} aria-hidden className="mr-1" /> Delete entry
            </Button>
          ) : null}
        </div>
      </header>
      {isEditing ? <EntryForm entry={entry} onDone={() => setIsEditing(false)} /> : <EntryFields entry={entry} />}
      <p className="text-xs text-slate-500">{logbookMessages.instrumentByHand}</p>
      <SignatureBlock signature={entry.signature} importedAttestation={entry.imported_attestation} />
      <SignDialog entry={isSigning ? entry : null} hasAuthenticator={hasAuthenticator} onClose={() => setIsSigning(false)} />
      {confirm.dialog}
    </article>
  );
}

function EntryFields({ entry }: { entry: Entry }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const update = useUpdateEntry();
  const handleRestore = (field: TrackField) =>
    update.mutate({ id: entry.id, body: { restore_from_track: [field] } }, { onError: (error) => notify.error(error.message) });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {entryGroups.map((group) => (
        <section
          key={group.title}
          aria-label={group.title}
          className={group.title === 'Route' || group.title === 'Times' ? 'md:col-span-2' : ''}
        >
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{group.title}</h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            {group.fields.map((field) => (
              <FieldValue
                key={field}
                entry={entry}
                field={field}
                timezone={timezone}
                onRestore={entry.can_edit ? handleRestore : undefined}
              />
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function FieldValue({
  entry,
  field,
  timezone,
  onRestore,
}: {
  entry: Entry;
  field: LogbookField;
  timezone: Timezone;
  onRestore: ((field: TrackField) => void) | undefined;
}) {
  const label = logbookFieldLabels[field];
  const trackValue = entry.track_values?.[field];
  const isFromTrack = entry.from_track.includes(field);
  // A field the pilot typed over, where the track says something else: they may take the track's back.
  const canRestore = onRestore && isTrackField(field) && !isFromTrack && trackValue !== undefined && !isSameValue(trackValue, entry[field]);
  return (
    <div className={`min-w-0 ${field === 'route' || field === 'remarks' ? 'col-span-full' : ''}`} data-field={field}>
      <dt className="flex flex-wrap items-center gap-1 text-xs font-medium text-slate-500">
        {label}
        {isFromTrack ? <FromTrackBadge trackValue={valueText(field, trackValue, timezone)} /> : null}
      </dt>
      <dd className="break-words text-sm text-slate-900">{valueText(field, entry[field], timezone)}</dd>
      {canRestore && isTrackField(field) ? (
        <dd className="text-xs text-slate-600">
          The track says {valueText(field, trackValue, timezone)}.{' '}
          <Button
            variant="link"
            className="text-xs"
            aria-label={`${logbookMessages.useTrackValue} for ${label}`}
            onClick={() => onRestore(field)}
          >
            {logbookMessages.useTrackValue}
          </Button>
        </dd>
      ) : null}
    </div>
  );
}

/** A value the flight's track gave, which the pilot has not typed over: what the track said on hover, focus and to screen readers. */
function FromTrackBadge({ trackValue }: { trackValue: string }) {
  return (
    <Tooltip content={`The track says ${trackValue}`}>
      <span
        tabIndex={0}
        className="inline-flex rounded-full bg-sky-100 px-1.5 py-0.5 text-[10px] font-medium text-sky-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
      >
        {logbookMessages.fromTrack}
        <span className="sr-only">: {trackValue}</span>
      </span>
    </Tooltip>
  );
}

function SignatureBlock({ signature, importedAttestation }: { signature: LogbookSignature | null; importedAttestation: string | null }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const rows: Array<[string, ReactNode]> = signature
    ? [
        ['Signed by', signature.instructor_name],
        ['Certificate', `${signature.certificate_number}, expires ${dayText(signature.certificate_expires)}`],
        ['Signed at', formatDateTime(signature.signed_at, timezone)],
        ['Identity confirmed by', signature.method === 'password' ? 'Password' : 'Authenticator app code'],
        [
          'Hash',
          <span key="hash" className="font-mono" title={signature.hash}>
            {signature.hash.slice(0, 12)}…
          </span>,
        ],
        ['Status', <SignatureStatus key="status" signature={signature} withSigner={false} />],
      ]
    : [];
  return (
    <section aria-label="Signature" className="flex flex-col gap-2 rounded-lg bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-800">Signature</h3>
      <p className="text-xs text-slate-500">
        An electronic signature as AC 120-78 describes it: who, with which certificate, when, and a hash of what was signed.
      </p>
      {signature ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{logbookMessages.notSigned}</p>
      )}
      {signature?.status === 'invalid' ? (
        <Alert tone="error">
          {logbookMessages.signatureNoLongerValid}: changed since signing — {signature.changed_fields.map(fieldLabel).join(', ')}. Undoing
          the change makes it valid again.
        </Alert>
      ) : null}
      {importedAttestation ? (
        <p className="text-xs text-slate-600">
          Imported with the note “{importedAttestation}”: a record of another logbook&apos;s signature, not a Skylog signature.
        </p>
      ) : null}
    </section>
  );
}
