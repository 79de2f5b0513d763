import fs from 'node:fs';

import { checkDockerfile, DOCKERFILE, parseDockerfile } from './dockerfile-rules';

const text = fs.readFileSync(DOCKERFILE, 'utf8');
const problemsOf = (changed: string) => checkDockerfile(parseDockerfile(changed));

describe('infra/docker/Dockerfile', () => {
  it('is one stage on the locally built Node image and follows our rules', () => {
    const stages = parseDockerfile(text);
    expect(stages).toHaveLength(1);
    expect(stages[0].image).toMatch(/^localhost\/kitty\/node:24\./);
    expect(checkDockerfile(stages)).toEqual([]);
  });
});

describe('the Dockerfile rules catch', () => {
  it('a root user', () => {
    expect(problemsOf(text.replace(/^USER .*$/m, ''))).toEqual(['runs as root (no non-root USER)']);
    expect(problemsOf(text.replace(/^USER .*$/m, 'USER 0:0'))).toEqual(['runs as root (no non-root USER)']);
  });

  it('a pulled base image, or a Node line without support', () => {
    const base = /^ARG NODE_IMAGE=.*$/m;
    expect(problemsOf(text.replace(base, 'ARG NODE_IMAGE=node:24-bookworm-slim'))).toEqual([
      'base image node:24-bookworm-slim is not the locally built localhost/kitty/node:<version>',
    ]);
    expect(problemsOf(text.replace(base, 'ARG NODE_IMAGE=localhost/kitty/node:20.19.0'))).toEqual([
      'Node 20 is not a supported LTS line (22, 24)',
    ]);
  });

  it('installing at build time, a second stage, or node not as PID 1', () => {
    expect(problemsOf(text.replace(/^USER /m, 'RUN npm ci\nUSER '))).toEqual([
      'installs packages at build time (the staged context carries them)',
    ]);
    expect(
      problemsOf(`${text}\nFROM localhost/kitty/node:24.1.0 AS extra\nUSER 1000\nCMD exec node x\n`),
    ).toEqual(['2 stages: the recipe is one stage on the staged context']);
    expect(problemsOf(text.replace(/^CMD .*$/m, 'CMD node $MAIN'))).toEqual([
      'does not exec node (node must be PID 1 to receive SIGTERM)',
    ]);
  });
});
