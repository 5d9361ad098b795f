import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Flight" description="Replay the flight: map, altitude and speed, cockpit audio, transcript, markers and debrief notes." />;
}
