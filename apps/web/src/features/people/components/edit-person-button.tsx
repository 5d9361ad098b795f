import type { Person } from '@skylog/contracts';
import { Pencil } from 'lucide-react';

export function EditPersonButton({ person, onEdit }: { person: Person; onEdit: (person: Person) => void }) {
  return (
    <button
      type="button"
      aria-label={`Edit ${person.name ?? person.email}`}
      onClick={() => onEdit(person)}
      className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      <Pencil size={16} aria-hidden />
    </button>
  );
}
