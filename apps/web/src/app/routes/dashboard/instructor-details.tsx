import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Instructor" description="Profile, linked students, flights and hours." />;
}
