import fs from 'node:fs';

import {
  checkDockerfile,
  checkDockerignore,
  DOCKERFILE,
  DOCKERIGNORE,
  parseDockerfile,
} from './dockerfile-rules';

const text = fs.readFileSync(DOCKERFILE, 'utf8');

describe('infra/docker/Dockerfile', () => {
  it('has the build, runtime and migrate stages on a slim Node 20 image', () => {
    const stages = parseDockerfile(text);
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime', 'migrate']);
    expect(stages[1].image).toMatch(/^node:20-/);
  });

  it('follows our rules', () => {
    expect(checkDockerfile(parseDockerfile(text))).toEqual([]);
  });

  it('keeps local secrets and host builds out of the build context', () => {
    const ignore = fs.readFileSync(DOCKERIGNORE, 'utf8');
    expect(checkDockerignore(ignore)).toEqual([]);
    expect(checkDockerignore(ignore.replace(/^\.kitty$/m, ''))).toEqual([
      'Dockerfile.dockerignore: .kitty is sent to the build',
    ]);
  });
});

describe('the Dockerfile rules catch', () => {
  const runtimeOnly = (change: (runtime: string) => string) => {
    const start = text.indexOf('FROM ${NODE_IMAGE} AS runtime');
    const end = text.indexOf('FROM ${NODE_IMAGE} AS migrate');
    return checkDockerfile(
      parseDockerfile(text.slice(0, start) + change(text.slice(start, end)) + text.slice(end)),
    );
  };

  it('a runtime image running as root', () => {
    expect(runtimeOnly((stage) => stage.replace(/^USER .*$/m, ''))).toEqual([
      'runtime: runs as root (no non-root USER)',
    ]);
    expect(runtimeOnly((stage) => stage.replace(/^USER .*$/m, 'USER root'))).toEqual([
      'runtime: runs as root (no non-root USER)',
    ]);
  });

  it('development dependencies or a full-size base image', () => {
    expect(runtimeOnly((stage) => stage.replace('npm ci --omit=dev', 'npm ci'))).toEqual([
      'runtime: installs development dependencies',
    ]);
    expect(
      checkDockerfile(
        parseDockerfile(text.replace('ARG NODE_IMAGE=node:20-bookworm-slim', 'ARG NODE_IMAGE=node:20')),
      ),
    ).toEqual([
      'runtime: base image node:20 is not a slim or alpine Node 20 image',
      'migrate: base image node:20 is not a slim or alpine Node 20 image',
    ]);
  });

  it('a missing stage', () => {
    expect(checkDockerfile(parseDockerfile(text.slice(0, text.indexOf('# The migration job'))))).toEqual([
      'no migrate stage',
    ]);
  });
});
