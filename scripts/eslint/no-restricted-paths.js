// A small local ESLint rule for one-way imports between folders (architecture.md), in place of a
// plugin whose native resolver has no build for some platforms in the registry we install from.
import path from 'node:path';

const isInside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`) || file.startsWith(`${folder}.`);

// A target or a from may use `*` for one path segment, e.g. modules/(star)/(star).repository.ts.
const matchesTarget = (file, target) => {
  if (!target.includes('*')) return isInside(file, target);
  const pattern = target.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*');
  return new RegExp(`^${pattern}(/|$)`).test(file);
};

/** @type {import('eslint').Rule.RuleModule} */
export const noRestrictedPaths = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.cwd;
    const absolute = (value) => path.resolve(root, value);
    const zones = (context.options[0]?.zones ?? []).map((zone) => ({
      targets: [zone.target].flat().map(absolute),
      froms: [zone.from].flat().map(absolute),
      excepts: (zone.except ?? []).map((except) => [zone.from].flat().map((from) => path.resolve(absolute(from), except))).flat(),
      message: zone.message,
    }));
    const filename = context.filename;
    const active = zones.filter((zone) => zone.targets.some((target) => matchesTarget(filename, target)));
    if (active.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(filename), source);
      for (const zone of active) {
        const isFromRestricted = zone.froms.some((from) => matchesTarget(imported, from));
        const isExcepted = zone.excepts.some((except) => isInside(imported, except));
        if (isFromRestricted && !isExcepted) {
          context.report({ node, message: `Unexpected import of "${source}": ${zone.message}` });
          return;
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
