import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './render';

export const DEPLOY_DOC = path.join(REPO_ROOT, 'docs', 'deploy.md');

/** The first cell of each table row in the section under `heading`, unquoted from its backticks. */
function tableColumn(markdown: string, heading: string, column: number): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) throw new Error(`docs/deploy.md has no "${heading}" section`);
  const level = heading.split(' ')[0];
  const end = lines.findIndex(
    (line, index) => index > start && /^#+ /.test(line) && line.split(' ')[0].length <= level.length,
  );
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => /^`([^`]+)`$/.exec(cells[column + 1] ?? '')?.[1])
    .filter((value): value is string => value !== undefined);
}

export interface DeployDoc {
  /** Keys of the `kitty-secrets` Secret the manifests may reference. */
  secretKeys: string[];
  /** Values docker-compose.yml may carry in clear because they are local-only defaults. */
  composeLocalDefaults: string[];
}

export function readDeployDoc(markdown = fs.readFileSync(DEPLOY_DOC, 'utf8')): DeployDoc {
  return {
    secretKeys: tableColumn(markdown, '### Secrets', 0),
    composeLocalDefaults: tableColumn(markdown, '### Local defaults in docker-compose.yml', 1),
  };
}
