import type { TripSummary } from '@skylog/contracts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useTrips, type TripsQuery } from '../api/get-trips.ts';
import { tripColumns } from './trip-columns.tsx';

const pageSize = 10;

type FlightsSummaryProps = {
  /** Which flights: of an aircraft, a person (pilot_id) or a sub-organization. */
  filter: Pick<TripsQuery, 'aircraft_id' | 'pilot_id' | 'sub_org_id'>;
  /** Shown only to people who may open flights (sub-organization admins see flights per member instead). */
  getDetailHref: (trip: TripSummary) => string;
};

/** Flights and flight hours of one aircraft, person or sub-organization, newest first. */
export function FlightsSummary({ filter, getDetailHref }: FlightsSummaryProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const { page, setPage } = useListState();
  const columns = tripColumns(timezone, getDetailHref);
  const trips = useTrips({ ...filter, page, page_size: pageSize, with_flight_time: 'true' }, filter.pilot_id ? 'person' : 'status');
  const hours = trips.data?.total_duration_ms != null ? (trips.data.total_duration_ms / 3600000).toFixed(1) : null;
  return (
    <section aria-labelledby="flights-summary-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-4">
        <h2 id="flights-summary-title" className="text-lg font-semibold">
          Flights
        </h2>
        {trips.data ? (
          <p
            className="text-sm text-slate-600"
            data-testid="flight-totals"
          >{`${trips.data.total} ${trips.data.total === 1 ? 'flight' : 'flights'} · ${hours ?? '0.0'} h`}</p>
        ) : null}
      </div>
      <DataTable
        label="Flights"
        columns={[columns.date, columns.name, columns.aircraft, columns.duration, columns.markers]}
        rows={trips.data?.items}
        getRowKey={(trip) => trip.trip_id}
        isLoading={trips.isPending}
        error={trips.error}
        emptyText="No flights yet."
        total={trips.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
    </section>
  );
}
