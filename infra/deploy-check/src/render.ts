import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { parseAllDocuments } from 'yaml';

import type { Manifest } from './manifest';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** Builds an overlay with the real kustomize (`kubectl kustomize`, offline) and parses every object. */
export function renderOverlay(overlay: Overlay): Manifest[] {
  const dir = path.join(REPO_ROOT, 'k8s', 'overlays', overlay);
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT')
      throw new Error(
        'kubectl is not on the PATH: the deployment checks render k8s/ with `kubectl kustomize`',
      );
    throw new Error(`kubectl kustomize ${dir} failed:\n${err.stderr ?? err.message}`);
  }
  return parseManifests(output);
}

/** Parses a multi-document YAML stream; a YAML error is thrown, never skipped. */
export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJSON() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}
