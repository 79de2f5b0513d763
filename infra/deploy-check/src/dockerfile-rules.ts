import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './render';

export const DOCKERFILE = path.join(REPO_ROOT, 'infra', 'docker', 'Dockerfile');

/** Node release lines with long-term support when this was written (22 until 2027-04, 24 until 2028-04). */
const SUPPORTED_NODE_LINES = [22, 24];

interface Stage {
  name: string;
  image: string;
  instructions: { keyword: string; argument: string }[];
}

/** The Dockerfile's stages, with `${ARG}` in FROM lines resolved from the global ARG defaults. */
export function parseDockerfile(text = fs.readFileSync(DOCKERFILE, 'utf8')): Stage[] {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of lines) {
    const [, keyword = '', argument = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, image = '', name = String(stages.length)] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(argument) ?? [];
      stages.push({
        name,
        image: image.replace(/\$\{?(\w+)\}?/g, (_, arg: string) => globalArgs[arg] ?? ''),
        instructions: [],
      });
    } else if (stages.length === 0 && upper === 'ARG') {
      const [arg, value = ''] = argument.split('=');
      globalArgs[arg] = value;
    } else stages.at(-1)?.instructions.push({ keyword: upper, argument });
  }
  return stages;
}

/**
 * The one recipe of the Node images: on the Node image `npm run images` builds (never a pulled one), a
 * supported Node line, non-root, nothing installed at build time (the staged context carries the app's
 * packages), and node started as PID 1.
 */
export function checkDockerfile(stages: Stage[]): string[] {
  const problems: string[] = [];
  if (stages.length !== 1)
    problems.push(`${stages.length} stages: the recipe is one stage on the staged context`);
  const stage = stages.at(-1);
  if (!stage) return problems;
  const line = /^localhost\/kitty\/node:(\d+)\.[\d.]+$/.exec(stage.image)?.[1];
  if (!line)
    problems.push(`base image ${stage.image} is not the locally built localhost/kitty/node:<version>`);
  else if (!SUPPORTED_NODE_LINES.includes(Number(line)))
    problems.push(`Node ${line} is not a supported LTS line (${SUPPORTED_NODE_LINES.join(', ')})`);
  const user = stage.instructions.filter((instruction) => instruction.keyword === 'USER').at(-1)?.argument;
  if (!user || ['root', '0'].includes(user.split(':')[0])) problems.push('runs as root (no non-root USER)');
  if (
    stage.instructions.some(
      (instruction) => instruction.keyword === 'RUN' && /\bnpm\b/.test(instruction.argument),
    )
  )
    problems.push('installs packages at build time (the staged context carries them)');
  if (
    !stage.instructions.some(
      (instruction) => instruction.keyword === 'CMD' && /^exec node\b/.test(instruction.argument),
    )
  )
    problems.push('does not exec node (node must be PID 1 to receive SIGTERM)');
  return problems;
}
