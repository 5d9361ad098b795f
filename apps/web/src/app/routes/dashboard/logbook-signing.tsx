import { logbookMessages, messages } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { SigningQueue } from '../../../features/logbook/components/signing-queue.tsx';
import { StudentsCurrency } from '../../../features/logbook/components/students-currency.tsx';
import { canCallOperation } from '../../../lib/operation-access.ts';

/**
 * The instructor's signing queue and their students' currency. The administrators may open the page, but only an
 * instructor signs: they read so, and nothing is asked of the server that it would refuse them.
 */
export function Component() {
  const me = useMe().data;
  const canSign = me !== undefined && canCallOperation(me.user_type, 'logbook.sign');
  return (
    <Screen
      title="Signing queue"
      description="Your students' entries awaiting your signature (AC 120-78) and the endorsements they asked for."
    >
      {!me ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {me && !canSign ? <Alert tone="info">{logbookMessages.signingInstructorsOnly}</Alert> : null}
      {me && canSign ? (
        <>
          <SigningQueue hasAuthenticator={me.two_factor_enabled} />
          <StudentsCurrency instructorId={me.skylog_id} />
        </>
      ) : null}
    </Screen>
  );
}
