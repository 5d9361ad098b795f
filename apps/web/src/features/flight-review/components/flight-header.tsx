import { messages, timesEstimatedBadge, type TripDetail, type TripPerson } from '@skylog/contracts';
import { BookOpen, Download, Mail, Pencil, Share2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TimezoneToggle } from '../../../components/timezone-toggle.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatDuration, timeZoneName } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useDeleteTrip } from '../api/delete-trip.ts';
import { useSendDebrief } from '../api/send-debrief.ts';
import { api } from '../../../lib/api.ts';

// Opened on request only: their forms load then, not with the flight screen.
const EditFlightForm = lazy(async () => ({ default: (await import('./edit-flight-form.tsx')).EditFlightForm }));
const ShareForm = lazy(async () => ({ default: (await import('./share-dialog.tsx')).ShareForm }));

const exportFormats = ['gpx', 'kml', 'csv'] as const;
const downloadLink = 'inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50';

const personText = (person: TripPerson | null) => (person ? person.name || person.email : '—');

export function FlightHeader({ trip, timezone }: { trip: TripDetail; timezone: Timezone }) {
  const [isSharing, setIsSharing] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const navigate = useNavigate();
  const deleteTrip = useDeleteTrip();
  const sendDebrief = useSendDebrief();
  const confirm = useConfirmDialog();
  const zone = timeZoneName(timezone);

  const handleSendDebrief = async () => {
    const isConfirmed = await confirm.ask({
      title: 'Send the debrief?',
      message: `The one-page PDF of ${trip.trip_name} (track, altitude, key moments and your notes) goes by e-mail to the flight's students.`,
      confirmLabel: 'Send',
    });
    if (!isConfirmed) return;
    sendDebrief.mutate(
      { tripId: trip.trip_id, timezone: zone },
      {
        onSuccess: ({ sent_to }) => notify.success(`${messages.debriefSent} to ${sent_to.map((person) => person.name ?? person.email).join(', ')}`),
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const handleDelete = async () => {
    const isConfirmed = await confirm.ask({
      title: `Delete ${trip.trip_name}?`,
      message: 'The flight is removed with its track, audio, transcript, markers and debrief, for everyone it was shared with.',
      confirmLabel: 'Delete',
    });
    if (!isConfirmed) return;
    deleteTrip.mutate(trip.trip_id, {
      onSuccess: () => {
        notify.success(messages.tripDeleted);
        void navigate(paths.dashboard.flights.path, { replace: true });
      },
      onError: (error) => notify.error(`${messages.storeChangesFailed}: ${error.message}`),
    });
  };
  const details = [
    ['Aircraft', trip.aircraft?.tail_number ?? '—'],
    ['Left seat', personText(trip.left_seat)],
    ['Right seat', personText(trip.right_seat)],
    ['Route', trip.origin || trip.destination ? `${trip.origin ?? '—'} → ${trip.destination ?? '—'}` : '—'],
    ['Duration', formatDuration(trip.duration_ms)],
    ['Distance', trip.distance === null ? '—' : `${trip.distance.toFixed(1)} NM`],
  ] as const;

  return (
    <section aria-label="Flight summary" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="truncate text-2xl font-semibold tracking-tight text-slate-900" data-testid="trip-name">
            {trip.trip_name}
          </h2>
          <p className="text-sm text-slate-600" data-testid="trip-date">
            {trip.begin_time ? formatDateTime(trip.begin_time, timezone) : 'Date unknown'}
            {trip.times_estimated ? <TimesEstimatedBadge /> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TimezoneToggle />
          {exportFormats.map((format) => (
            <a
              key={format}
              href={api.trips.export.url({ params: { id: trip.trip_id, format } })}
              download
              className={downloadLink}
            >
              <Download size={14} aria-hidden className="mr-1" /> {format.toUpperCase()}
            </a>
          ))}
          <a
            href={api.debrief.readPdf.url({ params: { id: trip.trip_id }, query: { timezone: zone } })}
            download
            className={downloadLink}
          >
            <Download size={14} aria-hidden className="mr-1" /> Debrief PDF
          </a>
          {/* Each pilot aboard logs the flight: the same roles open this flight and its logbook entries. */}
          <Link to={paths.dashboard.flightLogbook.getHref(trip.trip_id)} className={downloadLink}>
            <BookOpen size={14} aria-hidden className="mr-1" /> Logbook entry
          </Link>
          {trip.can_debrief ? (
            <Button variant="secondary" onClick={() => void handleSendDebrief()} isLoading={sendDebrief.isPending}>
              <Mail size={14} aria-hidden className="mr-1" /> Send debrief
            </Button>
          ) : null}
          {trip.can_share ? (
            <Button onClick={() => setIsSharing(true)}>
              <Share2 size={14} aria-hidden className="mr-1" /> Share
            </Button>
          ) : null}
          {trip.can_edit ? (
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              <Pencil size={14} aria-hidden className="mr-1" /> Edit flight
            </Button>
          ) : null}
          {trip.can_delete ? (
            <Button variant="secondary" onClick={() => void handleDelete()} isLoading={deleteTrip.isPending}>
              <Trash2 size={14} aria-hidden className="mr-1" /> Delete flight
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
        {details.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="truncate text-sm text-slate-900" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Modal
        title="Share flight"
        content={
          isSharing ? (
            <Suspense fallback={null}>
              <ShareForm trip={trip} onClose={() => setIsSharing(false)} />
            </Suspense>
          ) : null
        }
        onRequestClose={() => setIsSharing(false)}
      />
      <Modal
        title="Edit flight"
        content={
          isEditing ? (
            <Suspense fallback={null}>
              <EditFlightForm trip={trip} onClose={() => setIsEditing(false)} />
            </Suspense>
          ) : null
        }
        onRequestClose={() => setIsEditing(false)}
      />
      {confirm.dialog}
    </section>
  );
}

/** A flight whose track had no times: its times are Skylog's even spread, which the explanation says (on hover, focus, and to screen readers). */
function TimesEstimatedBadge() {
  return (
    <Tooltip content={timesEstimatedBadge.explanation}>
      <span
        tabIndex={0}
        className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
        data-testid="times-estimated"
      >
        {timesEstimatedBadge.label}
        <span className="sr-only">: {timesEstimatedBadge.explanation}</span>
      </span>
    </Tooltip>
  );
}
