import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import ts from 'typescript';

// One way to reach each database (ADR 0022): raw SQL lives in a service's repositories (`*.repository.ts`),
// and its text is fixed — values travel as parameters (`$1`, or a `$queryRaw` tagged template), names as
// module constants made by `sqlIdentifier`. This walks every non-spec source file and fails on anything else.

const ROOT = join(__dirname, '../../../..');

/**
 * Files outside a repository that may hold SQL, each for a reason of its own. Infrastructure runs the same
 * few statements for every service; test support builds and tears down what the specs stand on.
 */
const INFRASTRUCTURE: Record<string, string> = {
  'libs/nest-common/src/outbox/outbox.ts': 'the outbox relay of every service, on the table it is given',
  'libs/nest-common/src/health/dependency-checks.ts': "readiness probe: `SELECT 1` on the service's client",
  'libs/nest-common/src/bootstrap/trusted-connections.ts': 'boot check of the TLS connection: `SELECT 1`',
  'libs/nest-common/src/prisma/pg-adapter.ts': 'runs the statements repositories hand it (DirectRows)',
  'apps/gateway/src/health/health.service.ts': "platform readiness: `SELECT 1` on the gateway's own pool",
  'apps/issuing/src/testing/announcements.ts': 'specs only: a trigger that refuses announcements (DDL)',
  'libs/testing/src/throwaway-database.ts': 'specs only: drops the database a spec created',
  'libs/testing/src/database-before-migration.ts': 'specs only: drops the schema it migrates again',
};

/**
 * Statements put together from fragments, each fragment the code's own text (never a value): per file, the
 * substitutions it may make beyond placeholders and constants.
 */
const COMPOSED: Record<string, { allows: RegExp; why: string }> = {
  'apps/payments/src/ledger/ledger.repository.ts': {
    allows: /^(claimed|onlyIfClaimed|claim\.sql\([^)]*\))$/,
    why: "a posting standing on a claim: the claim's own SQL, written by a repository, comes first",
  },
  'apps/pots/src/pots/pots.repository.ts': {
    allows: /^isoTime\('[a-z]+\.[a-z_]+'\)$/,
    why: 'a timestamp column as ISO text, the column named in the code',
  },
  'libs/nest-common/src/outbox/outbox.ts': {
    allows: /^this\.table$/,
    why: "the service's outbox table, made by sqlIdentifier",
  },
  'libs/testing/src/throwaway-database.ts': {
    allows: /^name$/,
    why: 'specs only: the database the spec created, named by the code',
  },
  'libs/testing/src/database-before-migration.ts': {
    allows: /^app$/,
    why: "specs only: the service's schema",
  },
};

/** Text that reads as a statement. Upper case only: the SPA's "Select a pot" is not SQL. */
const READS_AS_SQL =
  /\b(SELECT\s+[\w*("']|INSERT\s+INTO\b|UPDATE\s+[\w".${}]+\s+SET\b|DELETE\s+FROM\b|(CREATE|DROP)\s+(TRIGGER|FUNCTION|SCHEMA|DATABASE|TABLE)\b)/;

/** Prisma's raw statements and fragments: the calls that take SQL. */
const RAW_CALLS = new Set([
  '$queryRaw',
  '$executeRaw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
  '$queryRawTyped',
  'sql',
  'raw',
  'join',
]);

/** A module constant: a `sqlIdentifier` name, a fixed number. */
const CONSTANT = /^[A-Z][A-Z0-9_]*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const projectSources = (kind: 'apps' | 'libs') =>
  readdirSync(join(ROOT, kind), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const src = join(ROOT, kind, entry.name, 'src');
      try {
        return sourceFiles(src);
      } catch {
        return [];
      }
    });

const FILES = [...projectSources('apps'), ...projectSources('libs')].map((file) => ({
  file,
  name: relative(ROOT, file).split(sep).join('/'),
}));

interface Finding {
  file: string;
  line: number;
  what: string;
  /** For a substitution: its expression, as written. */
  expression: string;
}

/** The raw-SQL calls and SQL text of one file, and the substitutions its SQL text may not make. */
function inspect(name: string, text: string): { raw: Finding[]; unsafeText: Finding[] } {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
  const raw: Finding[] = [];
  const unsafeText: Finding[] = [];
  const at = (node: ts.Node, what: string): Finding => ({
    file: name,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    what,
    expression: node.getText(source),
  });
  const visit = (node: ts.Node): void => {
    if (
      (ts.isPropertyAccessExpression(node) &&
        RAW_CALLS.has(node.name.text) &&
        (node.name.text.startsWith('$') || node.expression.getText(source) === 'Prisma')) ||
      (ts.isIdentifier(node) &&
        node.text.startsWith('$') &&
        RAW_CALLS.has(node.text) &&
        !ts.isPropertyAccessExpression(node.parent))
    )
      raw.push(at(node, node.getText(source)));
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (READS_AS_SQL.test(node.text)) raw.push(at(node, node.text.trim().split('\n')[0]));
    } else if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent)) {
      const whole = node.getText(source);
      if (READS_AS_SQL.test(whole)) {
        raw.push(at(node, whole.slice(1).trim().split('\n')[0]));
        let before = node.head.text;
        for (const span of node.templateSpans) {
          const placeholder = before.endsWith('$');
          const quoted = before.endsWith('"');
          const constant = ts.isIdentifier(span.expression) && CONSTANT.test(span.expression.text);
          if (quoted || !(placeholder || constant))
            unsafeText.push(
              at(
                span.expression,
                quoted
                  ? `"\${${span.expression.getText(source)}}": a hand-quoted name (use sqlIdentifier)`
                  : `\${${span.expression.getText(source)}} in SQL text (pass it as a parameter)`,
              ),
            );
          before = span.literal.text;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { raw, unsafeText };
}

const found = FILES.map(({ file, name }) => inspect(name, readFileSync(file, 'utf8')));
const show = (findings: Finding[]) => findings.map(({ file, line, what }) => `${file}:${line} ${what}`);

describe('raw SQL', () => {
  it('is found by this guard (a repository with raw SQL is seen)', () => {
    expect(show(found.flatMap(({ raw }) => raw)).some((line) => line.includes('.repository.ts:'))).toBe(true);
  });

  it('is written only in repositories, and the infrastructure files named here', () => {
    const misplaced = found
      .flatMap(({ raw }) => raw)
      .filter(({ file }) => !file.endsWith('.repository.ts') && !(file in INFRASTRUCTURE));
    expect(show(misplaced)).toEqual([]);
  });

  it('never writes a value into its text: placeholders, and names made by sqlIdentifier', () => {
    const built = found
      .flatMap(({ unsafeText }) => unsafeText)
      .filter(({ file, expression }) => !COMPOSED[file]?.allows.test(expression));
    expect(show(built)).toEqual([]);
  });

  it('tells apart what it allows and what it refuses', () => {
    const { raw, unsafeText } = inspect(
      'apps/example/src/example.service.ts',
      [
        'const a = (tx, id) => tx.$queryRawUnsafe(`SELECT id FROM pots WHERE id = $${1}`, id);',
        'const b = (tx, id) => tx.$queryRawUnsafe(`SELECT id FROM pots WHERE id = ${id}`);',
        'const c = (tx) => tx.$executeRawUnsafe(`UPDATE "${SCHEMA}"."pots" SET x = 1`);',
        'const d = (tx, id) => tx.$queryRaw`SELECT id FROM ${POTS} WHERE id = ${id}::uuid`;',
        'const e = (rows) => rows(`DELETE FROM ${POTS} WHERE id = $1`, 1);',
        "const label = 'Select a pot';",
      ].join('\n'),
    );
    expect(raw.map(({ line }) => line)).toEqual([1, 1, 2, 2, 3, 3, 4, 5]);
    expect(unsafeText.map(({ line, what }) => `${line} ${what}`)).toEqual([
      '2 ${id} in SQL text (pass it as a parameter)',
      '3 "${SCHEMA}": a hand-quoted name (use sqlIdentifier)',
    ]);
  });

  it('names only files that exist in its allow-lists', () => {
    const names = new Set(FILES.map(({ name }) => name));
    const stale = [...Object.keys(INFRASTRUCTURE), ...Object.keys(COMPOSED)].filter(
      (name) => !names.has(name),
    );
    expect(stale).toEqual([]);
  });
});
