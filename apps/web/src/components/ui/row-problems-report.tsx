/** One refused row of an imported file: its row number (0 when the file has no rows, as JSON), the field and why. */
export type RowProblem = { row: number; field: string | null; message: string };

/**
 * A refused import's every problem at once, so the file can be corrected in one go (the logbook's and a course's
 * imports store nothing while any row is refused).
 */
export function RowProblemsReport({
  message,
  rows,
  fieldHeading,
  fieldText = (field) => field,
}: {
  message: string;
  rows: readonly RowProblem[];
  fieldHeading: string;
  fieldText?: (field: string) => string;
}) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{message}</p>
      <div className="max-h-64 overflow-y-auto">
        <table className="w-full text-left text-xs" aria-label="Rows to correct">
          <thead>
            <tr>
              <th className="py-1 pr-3 font-medium">Row</th>
              <th className="py-1 pr-3 font-medium">{fieldHeading}</th>
              <th className="py-1 font-medium">Problem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.row}-${row.field ?? ''}-${index}`} className="align-top">
                {/* A JSON file has no rows: its problems name their place in the document instead. */}
                <td className="py-1 pr-3 tabular-nums">{row.row > 0 ? row.row : '—'}</td>
                <td className="py-1 pr-3">{row.field ? fieldText(row.field) : '—'}</td>
                <td className="py-1">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
