import { Screen } from '../../../components/ui/screen.tsx';
import { AccessTables } from '../../../features/rbac/components/access-tables.tsx';
import { AlertsList } from '../../../features/rbac/components/alerts-list.tsx';
import { AuditLog } from '../../../features/rbac/components/audit-log.tsx';

export function Component() {
  return (
    <Screen title="RBAC" description="Who may open which page and use which action, as the server enforces it; the audit log and suspicious-activity alerts.">
      <AlertsList />
      <h2 className="mt-2 text-lg font-semibold">Audit log</h2>
      <AuditLog />
      <h2 className="mt-2 text-lg font-semibold">Access tables</h2>
      <AccessTables />
    </Screen>
  );
}
