import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './render';

export const DOCKERFILE = path.join(REPO_ROOT, 'infra', 'docker', 'Dockerfile');
export const DOCKERIGNORE = `${DOCKERFILE}.dockerignore`;
/** What must never be sent to the Docker daemon: local secrets, and state the build recreates. */
const NEVER_IN_CONTEXT = ['.kitty', '.env', '.git', '**/node_modules', 'dist'];

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

/** The images Kubernetes and compose run: small, Node 20, non-root, production dependencies only. */
export function checkDockerfile(stages: Stage[]): string[] {
  const problems: string[] = [];
  for (const target of ['runtime', 'migrate']) {
    const stage = stages.find((candidate) => candidate.name === target);
    if (!stage) {
      problems.push(`no ${target} stage`);
      continue;
    }
    if (!/^node:20[.\d]*-(?:[a-z]+-)?(?:slim|alpine)/.test(stage.image))
      problems.push(`${target}: base image ${stage.image} is not a slim or alpine Node 20 image`);
    const user = stage.instructions.filter((instruction) => instruction.keyword === 'USER').at(-1)?.argument;
    if (!user || ['root', '0'].includes(user.split(':')[0]))
      problems.push(`${target}: runs as root (no non-root USER)`);
    const installs = stage.instructions.filter(
      (instruction) => instruction.keyword === 'RUN' && /\bnpm (ci|install)\b/.test(instruction.argument),
    );
    if (installs.some((instruction) => !instruction.argument.includes('--omit=dev')))
      problems.push(`${target}: installs development dependencies`);
    if (
      !stage.instructions.some(
        (instruction) => instruction.keyword === 'CMD' && /\bnode\b/.test(instruction.argument),
      )
    )
      problems.push(`${target}: does not start node`);
  }
  return problems;
}

/** The Dockerfile's ignore file keeps local secrets and host builds out of the build context. */
export function checkDockerignore(text = fs.readFileSync(DOCKERIGNORE, 'utf8')): string[] {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return NEVER_IN_CONTEXT.filter((pattern) => !patterns.includes(pattern)).map(
    (pattern) => `${path.basename(DOCKERIGNORE)}: ${pattern} is sent to the build`,
  );
}
