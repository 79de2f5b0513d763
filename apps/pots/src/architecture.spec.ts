import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// The shape of the pots service: feature folders whose imports never run in a circle (core/ is shared by
// all), and database access only in repositories — services hold a UnitOfWork and pass its handle on.

const SRC = __dirname;
/** Not feature code: Prisma's generated client and the specs' helpers. */
const NOT_FEATURES = new Set(['generated', 'testing']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const folderOf = (file: string): string | null => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 && !NOT_FEATURES.has(parts[0]) ? parts[0] : null;
};

const featureFiles = sourceFiles(SRC).filter((file) => folderOf(file) !== null);

/** The feature folders each folder imports from. */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of featureFiles) {
    const from = folderOf(file) as string;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)) {
      const to = folderOf(join(file, '..', specifier));
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** A circle of folders, each importing the next; null: none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    const onPath = path.indexOf(folder);
    if (onPath >= 0) return [...path.slice(onPath), folder];
    if (done.has(folder)) return null;
    path.push(folder);
    for (const next of graph.get(folder) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return null;
  };
  for (const folder of graph.keys()) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return null;
}

/** Running a statement or a transaction: what only repositories (and the UnitOfWork) do. */
const DATABASE_ACCESS = [
  /\bthis\.prisma\b/,
  /\bPrismaService\b/,
  /\$transaction\b/,
  /\$(query|execute)Raw/,
  /\b(tx|db)\.(\$|[a-z])/,
];

describe('pots source layout', () => {
  it('has no folder-level import cycle', () => {
    expect(findCycle(folderImports())).toBeNull();
  });

  it('finds a cycle when folders import each other (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('touches the database only in repositories', () => {
    const offenders = featureFiles
      .filter((file) => !file.endsWith('.repository.ts') && !file.endsWith(join('core', 'unit-of-work.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            DATABASE_ACCESS.some((pattern) => pattern.test(line))
              ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it('runs no SQL built by string interpolation', () => {
    const unsafe = featureFiles.filter((file) => /\$(query|execute)RawUnsafe/.test(readFileSync(file, 'utf8')));
    expect(unsafe.map((file) => relative(SRC, file))).toEqual([]);
  });
});
