import { logbookMessages, type LogbookSignature } from '@skylog/contracts';

/**
 * An entry's signature in a word: signed (by whom, unless `withSigner` is false where the signer is shown beside it),
 * no longer valid (in red: a signed field changed since), or not signed.
 */
export function SignatureStatus({ signature, withSigner = true }: { signature: LogbookSignature | null; withSigner?: boolean }) {
  if (!signature) return <span className="text-slate-600">{logbookMessages.notSigned}</span>;
  if (signature.status === 'invalid') return <span className="font-medium text-red-700">{logbookMessages.signatureNoLongerValid}</span>;
  return (
    <span className="inline-flex flex-wrap gap-x-1">
      <span className="font-medium text-emerald-800">{logbookMessages.signatureValid}</span>
      {withSigner ? <span className="text-slate-600">{signature.instructor_name}</span> : null}
    </span>
  );
}
