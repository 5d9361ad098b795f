import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Audio Upload" description="Upload cockpit audio and a track file (GPX, KML, CSV, IGC) to a new or existing flight." />;
}
