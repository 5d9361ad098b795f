import { auditStatuses, type AuditStatus } from '@skylog/contracts';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';

const pageSize = 50;

function toIso(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

/** The server's audit log, newest first, filtered by user, action, status and time. */
export function AuditLog() {
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const [status, setStatus] = useState<AuditStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const isUserIdValid = userId === '' || /^[0-9a-f-]{36}$/i.test(userId.trim());
  const log = useAuditLog({
    user_id: isUserIdValid ? userId.trim() || undefined : undefined,
    action: action.trim() || undefined,
    status: status || undefined,
    from: toIso(from),
    to: toIso(to),
    page,
  });
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <TextInput label="User (Skylog ID)" value={userId} onChange={(event) => resetPage(setUserId)(event.target.value)} error={isUserIdValid ? undefined : 'Not a valid Skylog ID'} />
        <TextInput label="Action" placeholder="e.g. route.access" value={action} onChange={(event) => resetPage(setAction)(event.target.value)} />
        <SelectInput
          label="Status"
          value={status}
          onChange={(event) => resetPage(setStatus)(event.target.value as AuditStatus | '')}
          options={[{ value: '', label: 'Any' }, ...auditStatuses.map((value) => ({ value, label: value }))]}
        />
        <TextInput label="From" type="datetime-local" value={from} onChange={(event) => resetPage(setFrom)(event.target.value)} />
        <TextInput label="To" type="datetime-local" value={to} onChange={(event) => resetPage(setTo)(event.target.value)} />
      </div>
      <DataTable
        label="Audit log"
        columns={[
          { key: 'time', header: 'Time', cell: (entry) => new Date(entry.timestamp).toLocaleString() },
          { key: 'user', header: 'User', cell: (entry) => <span className="font-mono text-xs">{entry.userId ?? '—'}</span> },
          { key: 'role', header: 'Role', cell: (entry) => entry.userRole ?? '—' },
          { key: 'action', header: 'Action', cell: (entry) => entry.action },
          { key: 'resource', header: 'Resource', cell: (entry) => <span className="font-mono text-xs">{entry.resource}</span> },
          {
            key: 'status',
            header: 'Status',
            cell: (entry) => <span className={entry.status === 'denied' ? 'font-medium text-red-700' : entry.status === 'failure' ? 'text-amber-700' : 'text-emerald-700'}>{entry.status}</span>,
          },
          { key: 'details', header: 'Details', cell: (entry) => <span className="font-mono text-xs text-slate-600">{JSON.stringify(entry.details)}</span> },
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
