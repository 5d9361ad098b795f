import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Markers" description="Labels and colours of the four rocker keys for your organization." />;
}
