import { addDays, isDay, isOrgWideRole, tripListQuerySchema, tripStatusFilters, type AiStatus, type Aircraft, type Role, type TripSummary } from '@skylog/contracts';
import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { SubOrgSelect } from '../../../components/ui/sub-org-select.tsx';
import { formatHours, startOfDay } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { checkedSort, checkedValue, useUrlListState } from '../../../lib/use-list-state.ts';
import { usePilotOptions } from '../api/get-filter-options.ts';
import { useTrips } from '../api/get-trips.ts';
import { TimezoneToggle } from '../../../components/timezone-toggle.tsx';
import { tripColumns } from './trip-columns.tsx';

const pageSize = 10;

const statusLabels: Record<(typeof tripStatusFilters)[number], string> = {
  awaiting_debrief: 'Awaiting debrief',
  debriefed: 'Debriefed',
  with_audio: 'With audio',
  with_transcript: 'With transcript',
  without_transcript: 'Without transcript',
};

const personName = (person: TripSummary['left_seat']) => (person ? person.name || person.email : '—');

/** What the address keeps, each value as it is there (a link may hold anything). */
const listDefaults = {
  search: '',
  from: '',
  to: '',
  aircraft_id: '',
  pilot_id: '',
  status: '',
  marker: '',
  sub_org_id: '',
  sort: 'begin_time',
  order: 'desc',
};

const { shape } = tripListQuerySchema;

const analysisLabels: Record<AiStatus, string> = { queued: 'Analysing…', running: 'Analysing…', ready: 'Analysed', failed: 'Analysis failed' };

function StatusCell({ trip }: { trip: TripSummary }) {
  const audio = { ready: 'Audio', processing: 'Audio processing…', failed: 'Audio failed', none: '' }[trip.audio_status];
  const transcript = trip.transcript_in_progress ? 'Transcribing…' : trip.has_transcript ? 'Transcript' : '';
  const analysis = trip.ai_status ? analysisLabels[trip.ai_status] : '';
  return (
    <div className="flex flex-wrap gap-1 text-xs">
      {[audio, transcript, analysis].filter(Boolean).map((label) => (
        <span key={label} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
          {label}
        </span>
      ))}
      <span className={`rounded px-1.5 py-0.5 ${trip.is_debriefed ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}>
        {trip.is_debriefed ? 'Debriefed' : 'Awaiting debrief'}
      </span>
    </div>
  );
}

/**
 * Flights in the person's scope: ten a page, exact total, search, filters, sort, chosen timezone.
 * Search, filters, sort and page live in the address, so a reload or a copied link shows the same list.
 */
type FlightsListProps = {
  role: Role | undefined;
  /** The fleet, for the aircraft filter. */
  fleet: readonly Aircraft[];
  getDetailHref: (trip: TripSummary) => string;
  /** Audio Upload, or null when the viewer's role may not open it (the menu does not offer it either). */
  uploadHref: string | null;
  /** The organization's rocker keys as it labels them, for the marker filter. */
  markerCategories: ReadonlyArray<{ key: number; text: string }>;
  /** The sub-organizations to filter by; null where the viewer's flights are not an organization's (no filter). */
  subOrgs: ReadonlyArray<{ id: string; name: string }> | null;
};

export function FlightsList({ role, fleet, getDetailHref, uploadHref, markerCategories, subOrgs }: FlightsListProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const sort = checkedSort(shape, values, { field: 'begin_time', order: 'desc' });
  const pilots = usePilotOptions(role);
  const columns = tripColumns(timezone, getDetailHref);
  const trips = useTrips(
    {
      page,
      page_size: pageSize,
      search: values.search.trim() || undefined,
      from: isDay(values.from) ? startOfDay(values.from, timezone) : undefined,
      to: isDay(values.to) ? startOfDay(addDays(values.to, 1), timezone) : undefined,
      aircraft_id: checkedValue(shape.aircraft_id, values.aircraft_id),
      pilot_id: checkedValue(shape.pilot_id, values.pilot_id),
      status: checkedValue(shape.status, values.status),
      marker: checkedValue(shape.marker, values.marker),
      // A span of days also sums its flight time (the Overview's hours link here); the plain list does not pay for it.
      with_flight_time: isDay(values.from) || isDay(values.to) ? 'true' : undefined,
      sub_org_id: subOrgs ? checkedValue(shape.sub_org_id, values.sub_org_id) : undefined,
      sort: sort.field,
      order: sort.order,
    },
    role && isOrgWideRole(role) ? 'admin' : 'status',
  );
  const setFilter = (name: 'from' | 'to' | 'aircraft_id' | 'pilot_id' | 'status' | 'marker' | 'sub_org_id') => (value: string) =>
    setValues({ [name]: value });
  const isFiltered = [values.search, values.from, values.to, values.aircraft_id, values.pilot_id, values.status, values.marker, values.sub_org_id].some(Boolean);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchInput
          label="Search flights"
          placeholder="Search by trip, airport, aircraft or pilot"
          value={values.search}
          onChange={(search) => setValues({ search }, { replace: true })}
        />
        <div className="flex items-center gap-3">
          <TimezoneToggle />
          {uploadHref ? (
            <Link
              to={uploadHref}
              className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              <Upload size={16} aria-hidden /> Upload flight
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          From
          <input
            type="date"
            value={values.from}
            onChange={(event) => setFilter('from')(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          To
          <input
            type="date"
            value={values.to}
            onChange={(event) => setFilter('to')(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <SelectInput
          label="Aircraft"
          value={values.aircraft_id}
          onChange={(event) => setFilter('aircraft_id')(event.target.value)}
          options={[{ value: '', label: 'All aircraft' }, ...fleet.map((plane) => ({ value: plane.id, label: plane.tail_number }))]}
        />
        {/* There from the first frame for whoever may filter by pilot, the people filled in when they arrive:
            a filter appearing late pushed the list down (layout shift 0.12 on a phone). */}
        {pilots.isEnabled ? (
          <SelectInput
            label="Pilot"
            value={values.pilot_id}
            onChange={(event) => setFilter('pilot_id')(event.target.value)}
            options={[
              { value: '', label: 'Everyone' },
              ...(pilots.data?.items ?? []).map((person) => ({ value: person.skylog_id, label: person.name || person.email })),
            ]}
          />
        ) : null}
        <SelectInput
          label="Status"
          value={values.status}
          onChange={(event) => setFilter('status')(event.target.value)}
          options={[
            { value: '', label: 'Any status' },
            ...tripStatusFilters.map((status) => ({ value: status, label: statusLabels[status] })),
          ]}
        />
        <SelectInput
          label="Marker"
          value={values.marker}
          onChange={(event) => setFilter('marker')(event.target.value)}
          options={[{ value: '', label: 'Any marker' }, ...markerCategories.map((category) => ({ value: String(category.key), label: category.text }))]}
        />
        {subOrgs ? (
          <SubOrgSelect subOrgs={subOrgs} value={values.sub_org_id} onChange={setFilter('sub_org_id')} />
        ) : null}
      </div>
      {trips.isError ? (
        // In place of the table: its footer would go on saying the total is loading.
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{trips.error.message}</p>
          <Button variant="secondary" disabled={trips.isFetching} onClick={() => void trips.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {trips.data?.total_duration_ms != null ? (
            <p className="text-sm text-slate-600" data-testid="flights-flight-time">
              Flight time of these flights: {formatHours(trips.data.total_duration_ms)}
            </p>
          ) : null}
          <DataTable
            label="Flights"
            columns={[
              { ...columns.date, sortField: 'begin_time' },
              { ...columns.name, sortField: 'trip_name' },
              columns.aircraft,
              { key: 'left', header: 'Left seat', cell: (trip) => personName(trip.left_seat) },
              { key: 'right', header: 'Right seat', cell: (trip) => personName(trip.right_seat) },
              {
                key: 'route',
                header: 'Route',
                cell: (trip) => (trip.origin || trip.destination ? `${trip.origin ?? '?'} → ${trip.destination ?? '?'}` : '—'),
              },
              { ...columns.duration, sortField: 'duration' },
              {
                key: 'distance',
                header: 'Distance',
                sortField: 'distance',
                cell: (trip) => (trip.distance === null ? '—' : `${trip.distance} NM`),
              },
              columns.markers,
              { key: 'status', header: 'Status', cell: (trip) => <StatusCell trip={trip} /> },
            ]}
            rows={trips.data?.items}
            getRowKey={(trip) => trip.trip_id}
            isLoading={trips.isPending}
            error={null}
            emptyText={isFiltered ? 'No flights match these filters.' : uploadHref ? 'No flights yet. Upload one to get started.' : 'No flights yet.'}
            total={trips.data?.total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            sort={sort}
            onSortChange={(next) => setValues({ sort: next.field, order: next.order })}
          />
        </>
      )}
    </div>
  );
}
