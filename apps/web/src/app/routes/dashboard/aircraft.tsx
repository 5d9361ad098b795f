import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Aircraft" description="The fleet: tail numbers, call signs and types." />;
}
