import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="RBAC" description="Who may open which page and use which action, the audit log and suspicious-activity alerts." />;
}
