import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Sub Organization" description="Details, members and flights of this sub-organization." />;
}
