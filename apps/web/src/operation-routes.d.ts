/** Built from the contracts' operation table by build/operation-routes.ts. */
declare module 'virtual:skylog-operation-routes' {
  /** Each operation's method, path, kind of answer and query-key root, by group and the client's method name. */
  export const routes: Readonly<Record<string, Readonly<Record<string, { method: string; path: string; isFile: boolean; root: string }>>>>;
  /** Who may call each operation, by its access name: contracts' `apiAccess`. */
  export const access: Readonly<Record<string, 'public' | 'authenticated' | readonly string[]>>;
}
