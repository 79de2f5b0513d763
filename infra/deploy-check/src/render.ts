import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { renderSubset } from './kustomize-subset';
import { type Manifest, parseManifests } from './manifest';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

let kubectl: boolean | undefined;

/** Whether `kubectl` (with its bundled kustomize) is on the PATH. */
export function kubectlAvailable(): boolean {
  if (kubectl === undefined) {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      kubectl = true;
    } catch {
      kubectl = false;
    }
  }
  return kubectl;
}

/** kustomize's "legacy" output order: dependencies (namespace, config, services) before workloads. */
const KIND_ORDER = [
  'Namespace',
  'ServiceAccount',
  'ConfigMap',
  'Secret',
  'Service',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'PodDisruptionBudget',
];
const kindRank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);

/** One order for both renderers, so whatever reads the objects sees the same sequence from either. */
export function sortManifests(manifests: Manifest[]): Manifest[] {
  return [...manifests].sort(
    (a, b) =>
      kindRank(a.kind) - kindRank(b.kind) ||
      a.kind.localeCompare(b.kind) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
}

export const overlayDir = (overlay: Overlay) => path.join(REPO_ROOT, 'k8s', 'overlays', overlay);

/**
 * Builds an overlay with the real kustomize (`kubectl kustomize`, offline) and parses every object. Without
 * kubectl the kustomize subset renders it instead (proven identical wherever kubectl exists).
 */
export function renderOverlay(overlay: Overlay): Manifest[] {
  if (!kubectlAvailable()) {
    process.emitWarning('kubectl is not on the PATH: k8s/ is rendered by the kustomize subset instead');
    return sortManifests(renderSubset(overlayDir(overlay)));
  }
  try {
    const output = execFileSync('kubectl', ['kustomize', overlayDir(overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return sortManifests(parseManifests(output));
  } catch (error) {
    const err = error as Error & { stderr?: string };
    throw new Error(`kubectl kustomize ${overlayDir(overlay)} failed:\n${err.stderr ?? err.message}`, {
      cause: error,
    });
  }
}
