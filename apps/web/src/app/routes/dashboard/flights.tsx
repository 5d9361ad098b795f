import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Flights" description="Every flight you may review: track, audio, transcript, markers and debrief." />;
}
