import { isStorableText } from '@skylog/contracts';

/**
 * The dotted path of the first string (or key) the database could not store (contracts'
 * `isStorableText`), or undefined. For input no contracts schema reads: better-auth's own endpoints.
 */
export function findUnstorableField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || 'body';
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return childPath;
    const found = findUnstorableField(child, childPath);
    if (found) return found;
  }
  return undefined;
}
