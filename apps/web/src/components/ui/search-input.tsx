import { Search } from 'lucide-react';

type SearchInputProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void };

/** The search box above a list: a magnifier, a visually hidden label, and the typed text. */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  return (
    <label className="relative flex items-center">
      <span className="sr-only">{label}</span>
      <Search size={16} aria-hidden className="pointer-events-none absolute left-2 text-slate-400" />
      <input
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-72 rounded-md border border-slate-300 py-2 pl-8 pr-3 text-sm shadow-sm"
      />
    </label>
  );
}
