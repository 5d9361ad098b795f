import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Aircraft" description="Trips flown and total hours of this aircraft." />;
}
