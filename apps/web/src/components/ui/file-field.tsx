/** A file chosen for an import, with its label and the form's message about it. */
export function FileField({
  label,
  accept,
  name,
  error,
  onBlur,
  onFile,
}: {
  label: string;
  accept: string;
  name: string;
  error: string | undefined;
  onBlur: () => void;
  onFile: (file: File | null) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="file"
        accept={accept}
        name={name}
        onBlur={onBlur}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        className="text-sm"
      />
      {error ? <span className="text-xs font-normal text-red-600">{error}</span> : null}
    </label>
  );
}
