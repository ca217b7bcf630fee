/**
 * No two area folders depend on each other, however indirectly. import/no-cycle sees files: members/a.ts →
 * member-bulk/b.ts → members/c.ts passes it, yet the two folders can then only be read, tested and moved
 * together. This rule treats each direct child of a configured folder (`apps/server/src/modules/<area>`) as one
 * unit and reports an import into another unit that already reaches back, naming the way back.
 *
 * The other units are read from disk once per run (production files only: tests wire areas together on purpose);
 * the linted file's own imports come from its text, so a probe in memory is judged like a file on disk.
 * Only relative imports are followed: the server has no aliases. A way back through a shared layer (api/, site/)
 * is not a folder cycle here; the zones keep those layers apart.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const isProduction = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return isProduction(entry.name) ? [full] : [];
  });
}

/** The unit a path belongs to (`<unitsDir>/<name>`), or null outside every configured folder. */
function unitOf(unitsDirs, file) {
  for (const dir of unitsDirs) {
    const rel = path.relative(dir, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const [name, ...rest] = rel.split(path.sep);
    if (rest.length > 0) return path.join(dir, name);
  }
  return null;
}

/** Unit → unit → the files that make the edge, from the files on disk. */
const graphs = new Map();
function diskGraph(unitsDirs) {
  const key = unitsDirs.join('\0');
  if (graphs.has(key)) return graphs.get(key);
  const graph = new Map();
  for (const dir of unitsDirs) {
    for (const file of filesUnder(dir)) {
      const from = unitOf(unitsDirs, file);
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const to = unitOf(unitsDirs, path.resolve(path.dirname(file), fileName));
        if (!to || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        const edge = graph.get(from).get(to) ?? new Set();
        graph.get(from).set(to, edge.add(file));
      }
    }
  }
  graphs.set(key, graph);
  return graph;
}

/** The units from `start` to `goal` along the graph, leaving out edges made by `skipFile`; null if none. */
function wayBack(graph, start, goal, skipFile) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const way = [];
      for (let step = at; step !== null; step = cameFrom.get(step)) way.unshift(step);
      return way;
    }
    for (const [next, files] of graph.get(at) ?? []) {
      if (cameFrom.has(next) || [...files].every((file) => file === skipFile)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between area folders.' },
    schema: [
      {
        type: 'object',
        properties: {
          unitsDirs: { type: 'array', items: { type: 'string' } },
          basePath: { type: 'string' },
        },
        required: ['unitsDirs'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Folder cycle: {{way}}. Give the shared piece one home in the lower folder (or lib/), or compose both in a composition root.',
    },
  },
  create(context) {
    const { unitsDirs, basePath = context.cwd } = context.options[0];
    const dirs = unitsDirs.map((dir) => path.resolve(basePath, dir));
    const file = context.filename;
    const here = unitOf(dirs, file);
    if (!here) return {};
    const name = (unit) => path.relative(path.dirname(unit), unit);
    const label = (unit) => `${path.basename(path.dirname(unit))}/${name(unit)}`;
    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const there = unitOf(dirs, path.resolve(path.dirname(file), spec));
      if (!there || there === here) return;
      const way = wayBack(diskGraph(dirs), there, here, file);
      if (!way) return;
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: { way: [here, ...way].map(label).join(' → ') },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
