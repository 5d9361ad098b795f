type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

/** A query string of the values given, in their order; empty and undefined ones left out. */
export function toSearchParams(query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** A path with those values as its query, or the bare path when none is left (as the lists leave their defaults out). */
export function withQuery(path: string, query: QueryValues): string {
  const search = toSearchParams(query);
  return search ? `${path}?${search}` : path;
}
