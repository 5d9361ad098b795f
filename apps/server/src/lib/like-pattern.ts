/** An ILIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
export function containsPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
}
