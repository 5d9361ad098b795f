import { markerCategories, messages, type MarkerCategory } from '@skylog/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMarkerCategories, useUpdateMarkerCategories, type MarkerCategoryList } from '../api/marker-categories.ts';

/** The four rocker keys with their labels and colours; org admins change them for the whole organization. */
export function MarkerCategoriesEditor({ canEdit }: { canEdit: boolean }) {
  const categories = useMarkerCategories();
  if (categories.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (categories.error) return <Alert tone="error">{categories.error.message}</Alert>;
  return <Editor key={JSON.stringify(categories.data.items)} initial={categories.data.items} canEdit={canEdit} />;
}

function Editor({ initial, canEdit }: { initial: MarkerCategoryList['items']; canEdit: boolean }) {
  const [rows, setRows] = useState<MarkerCategory[]>(initial.map(({ key, text, color }) => ({ key: key as MarkerCategory['key'], text, color })));
  const update = useUpdateMarkerCategories();
  const fields = update.error instanceof ApiError ? (update.error.body.fields ?? {}) : {};
  const set = (index: number, change: Partial<MarkerCategory>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <div className="flex flex-col gap-4">
      {update.error ? <Alert tone="error">{update.error.message}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
        {rows.map((row, index) => (
          <li key={row.key} className="flex flex-wrap items-center gap-4 px-4 py-3" data-testid={`rocker-key-${row.key}`}>
            <span className="flex h-9 w-9 items-center justify-center rounded-full text-sm font-bold text-white" style={{ backgroundColor: row.color }}>
              {row.key}
            </span>
            <label className="flex flex-col text-sm">
              <span className="font-medium text-slate-700">Label of key {row.key}</span>
              <input
                value={row.text}
                disabled={!canEdit}
                onChange={(event) => set(index, { text: event.target.value })}
                className={`mt-1 w-56 rounded-md border px-3 py-1.5 ${fields[`categories.${index}.text`] ? 'border-red-500' : 'border-slate-300'}`}
              />
              {fields[`categories.${index}.text`] ? <span className="text-xs text-red-600">{fields[`categories.${index}.text`]}</span> : null}
            </label>
            <label className="flex flex-col text-sm">
              <span className="font-medium text-slate-700">Colour of key {row.key}</span>
              <input type="color" value={row.color} disabled={!canEdit} onChange={(event) => set(index, { color: event.target.value })} className="mt-1 h-9 w-16" />
            </label>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="flex gap-2">
          <Button
            isLoading={update.isPending}
            disabled={rows.some((row) => !row.text.trim())}
            onClick={() => update.mutate(rows, { onSuccess: () => notify.success('Markers saved') })}
          >
            Save
          </Button>
          <Button variant="secondary" onClick={() => setRows(markerCategories.map(({ key, text, color }) => ({ key, text, color })))}>
            Restore defaults
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Your organization&apos;s administrators choose these labels and colours.</p>
      )}
    </div>
  );
}
