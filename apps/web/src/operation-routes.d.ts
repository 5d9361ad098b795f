/** Built from the contracts' operation table by build/operation-routes.ts. */
declare module 'virtual:skylog-operation-routes' {
  const routes: Readonly<Record<string, Readonly<Record<string, { method: string; path: string; isFile: boolean; root: string }>>>>;
  export default routes;
}
