import type { TripSummary } from '@skylog/contracts';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table.tsx';
import { formatDateTime, formatDuration } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';

/** The columns every table of flights shows alike; a table adds its own and its sort fields. */
export function tripColumns(timezone: Timezone, getDetailHref: (trip: TripSummary) => string) {
  return {
    date: {
      key: 'date',
      header: `Date (${timezone})`,
      cell: (trip) => (trip.begin_time ? formatDateTime(trip.begin_time, timezone) : '—'),
    },
    name: {
      key: 'name',
      header: 'Trip',
      cell: (trip) => (
        <Link to={getDetailHref(trip)} className="font-medium text-brand-700 hover:underline">
          {trip.trip_name}
        </Link>
      ),
    },
    aircraft: { key: 'aircraft', header: 'Aircraft', cell: (trip) => trip.aircraft?.tail_number ?? '—' },
    duration: { key: 'duration', header: 'Duration', cell: (trip) => formatDuration(trip.duration_ms) },
    markers: { key: 'markers', header: 'Markers', cell: (trip) => trip.marker_count },
  } satisfies Record<string, Column<TripSummary>>;
}
