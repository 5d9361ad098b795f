import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useLogbookEntry } from '../../../features/logbook/api/get-entry.ts';
import { LogbookEntryScreen } from '../../../features/logbook/components/logbook-entry-screen.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const me = useMe().data;
  useBreadcrumbTitle(useLogbookEntry(id).data?.date);
  return (
    <Screen title="Logbook entry">
      <LogbookEntryScreen
        id={id}
        hasAuthenticator={me?.two_factor_enabled ?? false}
        onDeleted={(pilotId) =>
          void navigate(pilotId === me?.skylog_id ? paths.dashboard.logbook.path : paths.dashboard.personLogbook.getHref(pilotId), {
            replace: true,
          })
        }
      />
    </Screen>
  );
}
