import { messages, overviewQuerySchema, type Overview, type OverviewPeriod, type TripSummary } from '@skylog/contracts';
import { Upload } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { DayRangeInputs, DownloadLink, isReversed, type DayRange } from '../../../components/ui/day-range-inputs.tsx';
import { SubOrgSelect } from '../../../components/ui/sub-org-select.tsx';
import { TimezoneToggle } from '../../../components/timezone-toggle.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatDuration, timeZoneName, formatHours } from '../../../lib/format-time.ts';
import { useSettingsStore, type Timezone } from '../../../lib/settings-store.ts';
import { withQuery } from '../../../lib/search-params.ts';
import { checkedValue, useUrlListState } from '../../../lib/use-list-state.ts';
import { useOverview } from '../api/get-overview.ts';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { api } from '../../../lib/api.ts';

type OverviewDashboardProps = {
  /** The organization's sub-organizations to narrow the figures to; empty: no filter. */
  subOrgs: ReadonlyArray<{ id: string; name: string }>;
  /** The rocker keys as the organization labels and colours them. */
  markerCategories: ReadonlyArray<{ key: number; text: string; color: string }>;
  /** Audio Upload, or null when the viewer's role may not open it (the menu does not offer it either). */
  uploadHref: string | null;
};

/** "+2 on last week", "same as last month". */
function change(current: number, previous: number, format: (value: number) => string, period: string): string {
  const difference = current - previous;
  if (difference === 0) return `same as ${period}`;
  return `${difference > 0 ? '+' : '−'}${format(Math.abs(difference))} on ${period}`;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The organization at a glance (docs/product.md "Overview"): every figure links to the list it counts, with the same
 * filters, so the list shows the same number.
 */
export function OverviewDashboard({ subOrgs, markerCategories, uploadHref }: OverviewDashboardProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const { values, setValues } = useUrlListState({ sub_org_id: '' });
  const subOrgId = subOrgs.length > 0 ? checkedValue(overviewQuerySchema.shape.sub_org_id, values.sub_org_id) : undefined;
  const overview = useOverview({ timezone: timeZoneName(timezone), sub_org_id: subOrgId });
  const data = overview.data;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {subOrgs.length > 0 ? (
          <SubOrgSelect
            subOrgs={subOrgs}
            value={values.sub_org_id}
            onChange={(sub_org_id) => setValues({ sub_org_id })}
            allLabel="Whole organization"
          />
        ) : (
          <span />
        )}
        <TimezoneToggle />
      </div>
      {overview.isError ? <Alert tone="error">{overview.error.message}</Alert> : null}
      {data ? <Figures data={data} markerCategories={markerCategories} uploadHref={uploadHref} /> : <p className="text-sm text-slate-600">{messages.loading}</p>}
      <TrainingExport timezone={timeZoneName(timezone)} subOrgId={subOrgId} />
    </div>
  );
}

/** Every student's flights as CSV, for the days chosen, of the whole organization or the chosen sub-organization. */
function TrainingExport({ timezone, subOrgId }: { timezone: string; subOrgId: string | undefined }) {
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const href = api.training.exportCsv.url({ query: { timezone, from: range.from, to: range.to, sub_org_id: subOrgId } });
  return (
    <section aria-label="Training records" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h2 className="text-base font-semibold">Training records</h2>
        <p className="text-xs text-slate-500">
          A row per flight and student, for a spreadsheet: ISO dates, hours as decimals. Leave the days empty for every flight.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <DayRangeInputs value={range} onChange={setRange} />
        <DownloadLink label="Download CSV" href={isReversed(range) ? null : href} />
      </div>
    </section>
  );
}

function Figures({ data, markerCategories, uploadHref }: { data: Overview } & Pick<OverviewDashboardProps, 'markerCategories' | 'uploadHref'>) {
  const subOrg = data.sub_org_id ?? undefined;
  const timezone = useSettingsStore((state) => state.timezone);
  const flightsOf = (query: Record<string, string | undefined>) =>
    withQuery(paths.dashboard.flights.path, { ...query, sub_org_id: subOrg });
  const periodLink = (period: OverviewPeriod) => flightsOf({ from: period.from, to: period.to });
  const count = (value: number) => value.toLocaleString('en-GB');
  const weekly = useMemo(
    () => ({
      categories: data.weeks.map((week) => dayLabel(week.from)),
      bars: { name: 'Flights', values: data.weeks.map((week) => week.flights), colour: '#2563eb', format: count },
      lines: [
        {
          name: 'Flight hours',
          values: data.weeks.map((week) => week.flight_time_ms / 3_600_000),
          colour: '#0d9488',
          format: (value: number) => formatHours(value * 3_600_000),
        },
      ],
    }),
    [data.weeks],
  );
  const perAircraft = useMemo(
    () => ({
      categories: data.hours_per_aircraft.map((row) => row.tail_number ?? 'No aircraft'),
      bars: {
        name: 'Flight hours',
        values: data.hours_per_aircraft.map((row) => row.flight_time_ms / 3_600_000),
        colour: '#7c3aed',
        format: (value: number) => formatHours(value * 3_600_000),
      },
    }),
    [data.hours_per_aircraft],
  );
  const hasFlights = data.weeks.some((week) => week.flights > 0) || data.recent.length > 0;

  return (
    <>
      <section aria-label="This week and month" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Flights this week" value={count(data.this_week.flights)} href={periodLink(data.this_week)}>
          <Link to={periodLink(data.last_week)} className="hover:underline">
            {change(data.this_week.flights, data.last_week.flights, count, 'last week')}
          </Link>
        </Figure>
        <Figure label="Flight hours this week" value={formatHours(data.this_week.flight_time_ms)} href={periodLink(data.this_week)}>
          {change(data.this_week.flight_time_ms, data.last_week.flight_time_ms, formatHours, 'last week')}
        </Figure>
        <Figure label="Flights this month" value={count(data.this_month.flights)} href={periodLink(data.this_month)}>
          <Link to={periodLink(data.last_month)} className="hover:underline">
            {change(data.this_month.flights, data.last_month.flights, count, 'last month')}
          </Link>
        </Figure>
        <Figure label="Flight hours this month" value={formatHours(data.this_month.flight_time_ms)} href={periodLink(data.this_month)}>
          {change(data.this_month.flight_time_ms, data.last_month.flight_time_ms, formatHours, 'last month')}
        </Figure>
      </section>
      <section aria-label="School" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <Figure label="Awaiting debrief" value={count(data.awaiting_debrief)} href={flightsOf({ status: 'awaiting_debrief' })} />
        <Figure
          label="Active students"
          value={count(data.active_students)}
          href={withQuery(paths.dashboard.students.path, { status: 'active', sub_org_id: subOrg })}
        />
        <Figure
          label="Active instructors"
          value={count(data.active_instructors)}
          href={withQuery(paths.dashboard.instructors.path, { status: 'active', sub_org_id: subOrg })}
        />
        <Figure label="Aircraft" value={count(data.aircraft)} href={paths.dashboard.aircraft.path}>
          the organization&apos;s fleet
        </Figure>
        <Figure
          label="Cables not collected"
          value={count(data.cables_not_collected)}
          href={withQuery(paths.configuration.cableCollection.path, { cable: 'not_collected', sub_org_id: subOrg })}
        />
      </section>

      <section aria-label="Markers this month" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-base font-semibold">Markers this month</h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          {markerCategories.map((category) => {
            const row = data.markers.find((item) => item.key === category.key) ?? { markers: 0, flights: 0 };
            return (
              <li key={category.key} className="flex items-start gap-2 text-sm">
                <span aria-hidden className="mt-1 h-3 w-3 shrink-0 rounded-full" style={{ background: category.color }} />
                <span className="flex flex-col">
                  <span className="font-medium">{category.text}</span>
                  <span>
                    {count(row.markers)} marker{row.markers === 1 ? '' : 's'} ·{' '}
                    <Link
                      to={flightsOf({ marker: String(category.key), from: data.this_month.from, to: data.this_month.to })}
                      className="text-brand-700 hover:underline"
                      aria-label={`${category.text}: ${row.flights} flight${row.flights === 1 ? '' : 's'} this month`}
                    >
                      in {count(row.flights)} flight{row.flights === 1 ? '' : 's'}
                    </Link>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      {hasFlights ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <section aria-label="Flights per week" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-base font-semibold">Flights per week</h2>
            <p className="text-xs text-slate-500">The last {data.weeks.length} weeks, from Monday</p>
            <BarChart label="Flights and flight hours per week" categoryName="Week of" {...weekly} />
          </section>
          <section aria-label="Hours per aircraft" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-base font-semibold">Hours per aircraft</h2>
            <p className="text-xs text-slate-500">
              {dayLabel(data.weeks[0]!.from)} to {dayLabel(data.weeks.at(-1)!.to)}
            </p>
            {perAircraft.categories.length > 0 ? (
              <BarChart label="Flight hours per aircraft" categoryName="Aircraft" {...perAircraft} />
            ) : (
              <p className="mt-3 text-sm text-slate-600">No flights in these weeks.</p>
            )}
          </section>
        </div>
      ) : (
        <section
          aria-label="No flights yet"
          className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
        >
          <p>
            {uploadHref
              ? 'No flights yet. Upload the first one and this page fills in: flights, hours, markers and charts.'
              : 'No flights yet. This page fills in as flights are uploaded: flights, hours, markers and charts.'}
          </p>
          {uploadHref ? (
            <Link
              to={uploadHref}
              className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              <Upload size={16} aria-hidden /> Upload your first flight
            </Link>
          ) : null}
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <FlightLinks title="Recent flights" trips={data.recent} timezone={timezone} allHref={flightsOf({})} emptyText="No flights yet." />
        <FlightLinks
          title="Awaiting debrief"
          trips={data.awaiting}
          timezone={timezone}
          allHref={flightsOf({ status: 'awaiting_debrief' })}
          total={data.awaiting_debrief}
          emptyText="Every flight is debriefed."
        />
      </div>
    </>
  );
}

function Figure({ label, value, href, children }: { label: string; value: string; href: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={href} className="group flex flex-col" aria-label={`${label}: ${value}`}>
        <span className="text-sm text-slate-600">{label}</span>
        <span className="text-2xl font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">{value}</span>
      </Link>
      {children ? <span className="text-xs text-slate-500">{children}</span> : null}
    </div>
  );
}

type FlightLinksProps = {
  title: string;
  trips: TripSummary[];
  timezone: Timezone;
  allHref: string;
  total?: number;
  emptyText: string;
};

function FlightLinks({ title, trips, timezone, allHref, total, emptyText }: FlightLinksProps) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        <Link to={allHref} className="text-sm text-brand-700 hover:underline">
          {total === undefined ? 'All flights' : `All ${total.toLocaleString('en-GB')}`}
        </Link>
      </div>
      <ul className="mt-2 divide-y divide-slate-100">
        {trips.length === 0 ? <li className="py-2 text-sm text-slate-500">{emptyText}</li> : null}
        {trips.map((trip) => (
          <li key={trip.trip_id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
            <Link
              to={paths.dashboard.flight.getHref(trip.trip_id)}
              className="min-w-0 font-medium break-words text-brand-700 hover:underline"
            >
              {trip.trip_name}
            </Link>
            <span className="text-xs text-slate-500">
              {trip.begin_time ? formatDateTime(trip.begin_time, timezone) : '—'} · {formatDuration(trip.duration_ms)}
              {trip.aircraft ? ` · ${trip.aircraft.tail_number}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
