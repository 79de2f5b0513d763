import { execFileSync } from 'node:child_process';
import path from 'node:path';

import type { Manifest } from './manifest';

/** Every schema violation in the objects, one line each (empty when all are valid). */
export function schemaProblems(manifests: Manifest[]): string[] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'schema-validate.mjs')], {
    input: JSON.stringify(manifests),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}
