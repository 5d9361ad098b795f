import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Admin" description="Invite people, change roles and organization assignments, deactivate accounts." />;
}
