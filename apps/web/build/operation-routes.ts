import type { ApiAccess, OperationEntry } from '@skylog/contracts';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const moduleId = 'virtual:skylog-operation-routes';

/**
 * The web client needs only each operation's method, path and kind of answer at run time, and the screens
 * only who may call each one; their types come from the contracts' operation table. Importing the table
 * itself would put every zod schema of the API in the first script every page loads, so this module hands
 * the browser those few facts, read from the table when the app is built (and when its tests run): nothing
 * is written twice.
 */
export function operationRoutes(): Plugin {
  return {
    name: 'skylog-operation-routes',
    resolveId: (id) => (id === moduleId ? `\0${moduleId}` : undefined),
    async load(id) {
      if (id !== `\0${moduleId}`) return undefined;
      // The contracts are TypeScript in a workspace package, which Node does not load by itself from a config.
      const { operationList, apiAccess } = (await tsImport('@skylog/contracts', import.meta.url)) as {
        operationList: readonly OperationEntry[];
        apiAccess: Readonly<Record<string, ApiAccess>>;
      };
      const routes: Record<string, Record<string, { method: string; path: string; isFile: boolean; root: string }>> = {};
      for (const { group, key, operation } of operationList) {
        (routes[group] ??= {})[key] = {
          method: operation.method,
          path: operation.path,
          isFile: Object.values(operation.responses).includes('file'),
          root: operation.cacheRoot ?? group,
        };
      }
      return `export const routes = ${JSON.stringify(routes)};\nexport const access = ${JSON.stringify(apiAccess)};`;
    },
  };
}
