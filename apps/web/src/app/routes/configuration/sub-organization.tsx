import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Sub Organization" description="Sub-organizations, their members and their flights." />;
}
