import { messages, type TrainingFlight, type TrainingRecord as TrainingRecordData } from '@skylog/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DayRangeInputs, DownloadLink, isReversed } from '../../../components/ui/day-range-inputs.tsx';
import { formatDateTime, formatDuration, timeZoneName, formatHours } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useTrainingRecord } from '../api/get-training-record.ts';

type MarkerLook = { key: number; text: string; color: string };

type TrainingRecordProps = {
  personId: string;
  /** The rocker keys as the organization labels and colours them. */
  markerCategories: readonly MarkerLook[];
  /** Where a flight's name leads, when the viewer may open flights. */
  getFlightHref?: ((tripId: string) => string) | undefined;
  /** A link to download the record as CSV for the same days, when the viewer may export. */
  getCsvHref?: ((range: { from: string; to: string; timezone: string }) => string) | undefined;
};

const count = (value: number) => value.toLocaleString('en-GB');
const flightsCount = (value: number) => `${count(value)} flight${value === 1 ? '' : 's'}`;
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const flightsShownFirst = 10;

/**
 * A person's training record: flights and hours by seat, what the analysis found (landings,
 * go-arounds, moments to work on, readbacks) as totals and per flight, markers by month, the last debrief.
 * Counted in the flights the viewer may see; the days are read in the chosen timezone.
 */
export function TrainingRecord({ personId, markerCategories, getFlightHref, getCsvHref }: TrainingRecordProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const [range, setRange] = useState({ from: '', to: '' });
  // A reversed range is told beside the inputs, and the whole record shows meanwhile.
  const asked = isReversed(range) ? { from: '', to: '' } : range;
  const record = useTrainingRecord(personId, {
    timezone: timeZoneName(timezone),
    from: asked.from || undefined,
    to: asked.to || undefined,
  });
  const data = record.data;

  return (
    <section aria-label="Training record" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Training record</h2>
        <div className="flex flex-wrap items-end gap-3">
          <DayRangeInputs value={range} onChange={setRange} />
          {getCsvHref ? (
            <DownloadLink
              label="Download CSV"
              href={isReversed(range) ? null : getCsvHref({ ...range, timezone: timeZoneName(timezone) })}
            />
          ) : null}
        </div>
      </div>
      {record.isError ? <Alert tone="error">{record.error.message}</Alert> : null}
      {data ? (
        <RecordBody data={data} markerCategories={markerCategories} getFlightHref={getFlightHref} />
      ) : record.isPending ? (
        <p className="text-sm text-slate-600">{messages.loading}</p>
      ) : null}
    </section>
  );
}

function RecordBody({
  data,
  markerCategories,
  getFlightHref,
}: {
  data: TrainingRecordData;
  markerCategories: readonly MarkerLook[];
  getFlightHref: TrainingRecordProps['getFlightHref'];
}) {
  const { totals } = data;
  const months = useMemo(
    () => ({
      categories: data.months.map((month) => monthLabel(month.month)),
      bars: { name: 'Flights', values: data.months.map((month) => month.flights), colour: '#94a3b8', format: count },
      lines: markerCategories.map((category) => ({
        name: category.text,
        values: data.months.map((month) => month.markers[category.key - 1] ?? 0),
        colour: category.color,
        format: count,
      })),
    }),
    [data.months, markerCategories],
  );
  // Oldest first, the analysed flights only: the trend of what the analysis found.
  const analysed = useMemo(() => data.flights.filter((flight) => flight.moments_improve !== null).reverse(), [data.flights]);
  const perFlight = useMemo(
    () => ({
      categories: analysed.map((flight) => (flight.begin_time ? flight.begin_time.slice(5, 10) : '—')),
      bars: { name: 'Moments to work on', values: analysed.map((flight) => flight.moments_improve ?? 0), colour: '#f59e0b', format: count },
      lines: [
        { name: 'Readback findings', values: analysed.map((flight) => flight.readback_findings ?? 0), colour: '#dc2626', format: count },
      ],
    }),
    [analysed],
  );

  if (totals.flights === 0)
    return <p className="text-sm text-slate-600">No flights in this record{data.from || data.to ? ' for these days' : ' yet'}.</p>;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Flights" value={count(totals.flights)} />
        <Figure label="Flight hours" value={formatHours(totals.flight_time_ms)} />
        <Figure label="Left seat" value={formatHours(totals.left_seat.flight_time_ms)} note={flightsCount(totals.left_seat.flights)} />
        <Figure label="Right seat" value={formatHours(totals.right_seat.flight_time_ms)} note={flightsCount(totals.right_seat.flights)} />
        <Figure
          label="Landings"
          value={count(totals.landings)}
          note={`in ${count(totals.analysed_flights)} of ${flightsCount(totals.flights)} analysed`}
        />
        <Figure label="Full-stop landings" value={count(totals.full_stop_landings)} note="day and night; 14 CFR 61.57(b) counts those at night" />
        <Figure label="Go-arounds" value={count(totals.go_arounds)} />
        <Figure label="Moments to work on" value={count(totals.moments_improve)} note={`${count(totals.moments_well)} done well`} />
        <Figure
          label="Readback findings"
          value={count(totals.readback_findings)}
          note={`of ${count(totals.readbacks)} readbacks checked`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold">Markers by month</h3>
          <BarChart label="Flights and markers by category per month" categoryName="Month" {...months} />
        </div>
        <div className="min-w-0">
          <h3 className="text-sm font-semibold">Per flight: moments to work on and readback findings</h3>
          {analysed.length > 0 ? (
            <BarChart label="Moments to work on and readback findings per analysed flight" categoryName="Flight" {...perFlight} />
          ) : (
            <p className="mt-2 text-sm text-slate-600">No flight analysed yet: the trend appears once the analysis has run.</p>
          )}
        </div>
      </div>
      <LastDebrief debrief={data.last_debrief} getFlightHref={getFlightHref} />
      <FlightTable flights={data.flights} total={totals.flights} markerCategories={markerCategories} getFlightHref={getFlightHref} />
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
      {note ? <dd className="text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

function FlightName({
  tripId,
  name,
  getFlightHref,
}: {
  tripId: string;
  name: string;
  getFlightHref: TrainingRecordProps['getFlightHref'];
}) {
  return getFlightHref ? (
    <Link to={getFlightHref(tripId)} className="font-medium text-brand-700 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-medium">{name}</span>
  );
}

function LastDebrief({
  debrief,
  getFlightHref,
}: {
  debrief: TrainingRecordData['last_debrief'];
  getFlightHref: TrainingRecordProps['getFlightHref'];
}) {
  const timezone = useSettingsStore((state) => state.timezone);
  if (!debrief) return <p className="text-sm text-slate-600">No debrief written yet.</p>;
  return (
    <div aria-label="Last debrief" role="group" className="rounded-lg bg-slate-50 p-4 text-sm">
      <h3 className="font-semibold">
        Last debrief: <FlightName tripId={debrief.trip_id} name={debrief.trip_name} getFlightHref={getFlightHref} />
        <span className="ml-2 text-xs font-normal text-slate-500">
          {debrief.begin_time ? formatDateTime(debrief.begin_time, timezone) : ''}
        </span>
      </h3>
      <dl className="mt-2 grid gap-2 md:grid-cols-2">
        <Note label="What went well" text={debrief.trip_well} />
        <Note label="To improve" text={debrief.trip_improve} />
      </dl>
    </div>
  );
}

function Note({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="whitespace-pre-line break-words">{text || '—'}</dd>
    </div>
  );
}

const seatLabels: { [seat in TrainingFlight['seat']]: string } = { left: 'Left', right: 'Right', none: '—' };

/** An analysis figure, or a dash until the flight is analysed. */
const known = (value: number | null) => (value === null ? '—' : count(value));

function FlightTable({
  flights,
  total,
  markerCategories,
  getFlightHref,
}: {
  flights: TrainingFlight[];
  total: number;
  markerCategories: readonly MarkerLook[];
  getFlightHref: TrainingRecordProps['getFlightHref'];
}) {
  const timezone = useSettingsStore((state) => state.timezone);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? flights : flights.slice(0, flightsShownFirst);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {/* relative: the cells' hidden labels are positioned, and would otherwise widen the page beyond this box. */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Flights of the training record">
          <thead className="text-xs text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">Date</th>
              <th className="py-2 pr-3 font-medium">Flight</th>
              <th className="py-2 pr-3 font-medium">Seat</th>
              <th className="py-2 pr-3 font-medium">With</th>
              <th className="py-2 pr-3 font-medium">Aircraft</th>
              <th className="py-2 pr-3 font-medium">Duration</th>
              <th className="py-2 pr-3 font-medium">Markers</th>
              <th className="py-2 pr-3 font-medium">Landings</th>
              <th className="py-2 pr-3 font-medium">Go-arounds</th>
              <th className="py-2 pr-3 font-medium">To work on</th>
              <th className="py-2 pr-3 font-medium">Readbacks</th>
              <th className="py-2 font-medium">Debrief</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((flight) => (
              <tr key={flight.trip_id} className="whitespace-nowrap">
                <td className="py-2 pr-3">{flight.begin_time ? formatDateTime(flight.begin_time, timezone) : '—'}</td>
                <td className="py-2 pr-3">
                  <FlightName tripId={flight.trip_id} name={flight.trip_name} getFlightHref={getFlightHref} />
                </td>
                <td className="py-2 pr-3">{seatLabels[flight.seat]}</td>
                <td className="py-2 pr-3">{flight.crew ?? '—'}</td>
                <td className="py-2 pr-3">{flight.aircraft ?? '—'}</td>
                <td className="py-2 pr-3">{formatDuration(flight.duration_ms)}</td>
                <td className="py-2 pr-3">
                  <span className="flex gap-2">
                    {markerCategories.map((category) => (
                      <span key={category.key} title={category.text} className="inline-flex items-center gap-1">
                        <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: category.color }} />
                        <span className="sr-only">{category.text}:</span>
                        {flight.markers[category.key - 1] ?? 0}
                      </span>
                    ))}
                  </span>
                </td>
                <td className="py-2 pr-3">{known(flight.landings)}</td>
                <td className="py-2 pr-3">{known(flight.go_arounds)}</td>
                <td className="py-2 pr-3">{known(flight.moments_improve)}</td>
                <td className="py-2 pr-3">
                  {flight.readbacks === null ? '—' : `${count(flight.readback_findings ?? 0)} of ${count(flight.readbacks)}`}
                </td>
                <td className="py-2">{flight.is_debriefed ? 'Debriefed' : 'Awaiting'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>
          {shown.length} of {flightsCount(total)}
          {flights.length < total ? ` (the newest ${flights.length} are listed)` : ''}
        </span>
        {flights.length > flightsShownFirst ? (
          <Button variant="secondary" onClick={() => setIsShowingAll(!isShowingAll)}>
            {isShowingAll ? 'Show fewer' : `Show all ${flights.length}`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
