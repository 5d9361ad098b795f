import { ratings, type Rating } from '@skylog/contracts';

/** The ratings (contracts' `ratings`) as toggle chips. */
export function RatingsField({ value, onChange }: { value: readonly Rating[]; onChange: (value: Rating[]) => void }) {
  const toggle = (rating: Rating) =>
    onChange(value.includes(rating) ? value.filter((item) => item !== rating) : ratings.filter((item) => item === rating || value.includes(item)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Ratings</legend>
      <div className="flex flex-wrap gap-2">
        {ratings.map((rating) => {
          const isSelected = value.includes(rating);
          return (
            <button
              key={rating}
              type="button"
              aria-pressed={isSelected}
              onClick={() => toggle(rating)}
              className={`rounded-full border px-3 py-1 text-xs font-medium transition-colors ${
                isSelected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
              }`}
            >
              {rating}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
