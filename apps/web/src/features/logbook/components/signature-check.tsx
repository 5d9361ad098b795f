import { logbookMessages } from '@skylog/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useLogbookVerification } from '../api/get-logbook.ts';
import { fieldLabel } from './entry-values.ts';

/**
 * The check of a logbook's signatures, made when this is shown (remount it to check again): each signature against
 * its entry, and the hash chain over them, which a deleted or reordered signed entry breaks.
 */
export function SignatureCheck({ personId }: { personId: string }) {
  const check = useLogbookVerification(personId);
  if (check.isPending) return <p className="text-sm text-slate-600">Checking every signature…</p>;
  if (check.isError) return <Alert tone="error">{check.error.message}</Alert>;
  const { chain, invalid_entries: invalid, signatures } = check.data;
  if (chain.valid && invalid.length === 0)
    return (
      <Alert tone="success">
        {logbookMessages.chainIntact} ({signatures} {signatures === 1 ? 'signature' : 'signatures'} checked.)
      </Alert>
    );
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {chain.break ? <p className="font-medium">{chain.break.message}</p> : null}
      {invalid.length > 0 ? (
        <>
          <p>{invalid.length === 1 ? 'One signed entry has' : `${invalid.length} signed entries have`} changed since signing:</p>
          <ul className="list-disc pl-5">
            {invalid.map((entry) => (
              <li key={entry.entry_id}>
                <Link to={paths.dashboard.logbookEntry.getHref(entry.entry_id)} className="font-medium underline">
                  {entry.date}
                </Link>
                : {entry.changed_fields.map(fieldLabel).join(', ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
