import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Student" description="Profile, linked instructors, flights, hours and marker trends." />;
}
