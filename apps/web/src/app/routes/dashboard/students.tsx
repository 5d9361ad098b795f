import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Students" description="The students of your organization and their instructors." />;
}
