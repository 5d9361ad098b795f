import { Alert } from '../../../components/ui/alert.tsx';

/** Recovery codes are shown once: the person saves them now (download or copy) or makes new ones later. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Skylog recovery codes (each works once)\n\n${codes.join('\n')}\n`)}`;
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="info">
        Save these recovery codes somewhere safe. Each signs you in once if you lose your phone; they are not shown again.
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <a href={file} download="skylog-recovery-codes.txt" className="self-start text-sm text-brand-600 hover:underline">
        Download recovery codes
      </a>
    </div>
  );
}
