import { auditStatuses, getRoleLabel, type AuditEntry } from '@skylog/contracts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useSettingsStore, type Timezone } from '../../../lib/settings-store.ts';
import { useUrlListState } from '../../../lib/use-list-state.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AuditDetails } from './audit-details.tsx';

const pageSize = 50;

const filterDefaults = { person: '', action: '', status: '', from: '', to: '' };

const isStatus = (value: string): value is AuditEntry['status'] => (auditStatuses as readonly string[]).includes(value);

/** A date-time field's value (no zone) read in the chosen timezone, as an instant for the server. */
function toIso(local: string, timezone: Timezone): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return undefined;
  const instant = new Date(timezone === 'UTC' ? `${local}Z` : local);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** The person as they are now, and the role the entry was made in; a deleted person keeps their id. */
function PersonCell({ entry }: { entry: AuditEntry }) {
  if (!entry.userId) return <span className="text-slate-500">—</span>;
  const name = entry.userName || entry.userEmail;
  return (
    <div className="flex flex-col">
      <span className="font-medium text-slate-900" title={entry.userEmail ?? undefined}>
        {name ?? 'Deleted person'}
      </span>
      {name ? null : <span className="break-all font-mono text-xs text-slate-500">{entry.userId}</span>}
      <span className="text-xs text-slate-500">{getRoleLabel(entry.userRole) || entry.userRole}</span>
    </div>
  );
}

/** The server's audit log, newest first, filtered by person, action, status and time; the filters live in the address. */
export function AuditLog() {
  const timezone = useSettingsStore((state) => state.timezone);
  const { values, setValues, page, setPage } = useUrlListState(filterDefaults);
  const log = useAuditLog({
    person: values.person.trim() || undefined,
    action: values.action.trim() || undefined,
    status: isStatus(values.status) ? values.status : undefined,
    from: toIso(values.from, timezone),
    to: toIso(values.to, timezone),
    page,
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          label="Search people"
          placeholder="Search by name or e-mail"
          value={values.person}
          onChange={(person) => setValues({ person }, { replace: true })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput
          label="Action"
          placeholder="e.g. route.access"
          value={values.action}
          onChange={(event) => setValues({ action: event.target.value }, { replace: true })}
        />
        <SelectInput
          label="Status"
          value={values.status}
          onChange={(event) => setValues({ status: event.target.value })}
          options={[{ value: '', label: 'Any' }, ...auditStatuses.map((value) => ({ value, label: value }))]}
        />
        <TextInput
          label={`From (${timezone})`}
          type="datetime-local"
          value={values.from}
          onChange={(event) => setValues({ from: event.target.value })}
        />
        <TextInput
          label={`To (${timezone})`}
          type="datetime-local"
          value={values.to}
          onChange={(event) => setValues({ to: event.target.value })}
        />
      </div>
      <DataTable
        label="Audit log"
        columns={[
          {
            key: 'time',
            header: `Time (${timezone})`,
            className: 'whitespace-nowrap',
            cell: (entry) => formatDateTime(entry.timestamp, timezone, { withSeconds: true }),
          },
          { key: 'person', header: 'Person', cell: (entry) => <PersonCell entry={entry} /> },
          { key: 'action', header: 'Action', cell: (entry) => entry.action },
          { key: 'resource', header: 'Resource', cell: (entry) => <span className="break-all font-mono text-xs">{entry.resource}</span> },
          {
            key: 'status',
            header: 'Status',
            cell: (entry) => (
              <span
                className={
                  entry.status === 'denied'
                    ? 'font-medium text-red-700'
                    : entry.status === 'failure'
                      ? 'text-amber-700'
                      : 'text-emerald-700'
                }
              >
                {entry.status}
              </span>
            ),
          },
          { key: 'details', header: 'Details', cell: (entry) => <AuditDetails details={entry.details} timezone={timezone} /> },
        ]}
        rows={log.data?.items}
        getRowKey={(entry) => entry.id}
        isLoading={log.isPending}
        error={log.error}
        emptyText="No entries match."
        total={log.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
    </div>
  );
}
