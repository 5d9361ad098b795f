import { hasComponentPermission } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { MarkerCategoriesEditor } from '../../../features/markers/components/marker-categories-editor.tsx';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  return (
    <Screen title="Markers" description="Labels and colours of the four rocker keys for your organization.">
      <MarkerCategoriesEditor canEdit={hasComponentPermission(role, 'marker-categories.edit')} />
    </Screen>
  );
}
