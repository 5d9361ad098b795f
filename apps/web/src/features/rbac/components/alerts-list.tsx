import { messages } from '@skylog/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useAcknowledgeAlert, useAlerts } from '../api/alerts.ts';

/** Suspicious activity: 5 denials by one user within 300000 ms. */
export function AlertsList() {
  const alerts = useAlerts();
  const acknowledge = useAcknowledgeAlert();
  return (
    <section aria-label="Suspicious activity" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">Suspicious activity</h2>
      {alerts.error ? <p role="alert" className="text-sm text-red-700">{alerts.error.message}</p> : null}
      {alerts.isPending ? <p className="text-sm text-slate-500">{messages.loading}</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {alerts.data?.items.length === 0 ? <li className="py-2 text-slate-500">No alerts.</li> : null}
        {alerts.data?.items.map((alert) => (
          <li key={alert.id} className="flex items-center justify-between gap-3 py-2" data-testid="alert-row">
            <span>
              <span className={alert.acknowledged_at ? 'text-slate-500' : 'font-medium text-red-700'}>
                {String(alert.details.deniedCount ?? '')} denied accesses
              </span>{' '}
              by <span className="font-medium">{alert.user_name ?? alert.user_id}</span> ({String(alert.details.userRole ?? '')}), last{' '}
              <span className="font-mono text-xs">{String(alert.details.lastPath ?? '')}</span> · {new Date(alert.created_at).toLocaleString()}
            </span>
            {alert.acknowledged_at ? (
              <span className="text-xs text-slate-500">Acknowledged</span>
            ) : (
              <Button
                variant="secondary"
                className="!px-2 !py-1 text-xs"
                onClick={() => acknowledge.mutate(alert.id, { onError: (error) => notify.error(error.message) })}
              >
                Acknowledge
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
