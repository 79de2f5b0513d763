import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

import { type Manifest, parseManifests } from './manifest';

/**
 * The part of kustomize that k8s/ uses, for machines without kubectl: resources, namespace, labels (pairs
 * on metadata), images, configMapGenerator (env files and literals, create/merge, content-hash suffix and
 * the references to it) and JSON 6902 patches. Anything else in a kustomization is refused, never ignored;
 * where kubectl exists the tests prove this renders exactly what `kubectl kustomize` does.
 */

interface ConfigMapGenerator {
  name: string;
  behavior?: 'create' | 'merge';
  envs?: string[];
  literals?: string[];
}

interface JsonPatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  configMapGenerator?: ConfigMapGenerator[];
  patches?: { target: { kind?: string; name?: string }; patch: string }[];
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'configMapGenerator',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'StorageClass',
]);

/** A generated ConfigMap: its name without the hash suffix, until the final suffix is added. */
interface Generated {
  manifest: Manifest;
  baseName: string;
}

interface Layer {
  manifests: Manifest[];
  generated: Generated[];
}

/** `KEY=VALUE` lines; `#` comments and blank lines skipped. */
function parseEnv(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      if (at < 1) throw new Error(`not KEY=VALUE: ${line}`);
      return [line.slice(0, at).trim(), line.slice(at + 1)];
    });
}

/** Go's json.Marshal: sorted keys, HTML characters escaped. */
function goJson(value: unknown): string {
  const sorted = (input: unknown): unknown =>
    input && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(
          Object.keys(input)
            .sort()
            .map((key) => [key, sorted((input as Record<string, unknown>)[key])]),
        )
      : input;
  return JSON.stringify(sorted(value))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * kustomize's ConfigMap name suffix: the first 10 hex digits of a SHA-256 of `{data, kind, name}`, a few
 * digits swapped for letters. kustomize 5 hashes the name as "" (its lookup of `metadata/name` finds
 * nothing), so only the data decides.
 */
export function configMapHash(data: Record<string, string>): string {
  const hex = createHash('sha256')
    .update(goJson({ data, kind: 'ConfigMap', name: '' }))
    .digest('hex');
  const swap: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...hex.slice(0, 10)].map((char) => swap[char] ?? char).join('');
}

function pointer(
  document: unknown,
  jsonPointer: string,
): { parent: Record<string, unknown> | unknown[]; key: string } {
  const keys = jsonPointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = keys.pop();
  let parent = document as Record<string, unknown>;
  for (const step of keys) {
    parent = parent?.[step] as Record<string, unknown>;
    if (parent === undefined) throw new Error(`patch path ${jsonPointer} does not exist`);
  }
  if (key === undefined) throw new Error('cannot patch the whole document');
  return { parent, key };
}

export function applyJsonPatch(document: Manifest, operations: JsonPatchOperation[]): void {
  for (const { op, path: at, value } of operations) {
    const { parent, key } = pointer(document, at);
    const index = key === '-' ? -1 : Number(key);
    if (Array.isArray(parent)) {
      if (op === 'add') parent.splice(key === '-' ? parent.length : index, 0, value);
      else if (op === 'replace') parent[index] = value;
      else parent.splice(index, 1);
    } else if (op === 'remove') delete parent[key];
    else if (op === 'replace' && !(key in parent)) throw new Error(`patch path ${at} does not exist`);
    else parent[key] = value;
  }
}

function containers(
  manifest: Manifest,
): { image?: string; envFrom?: { configMapRef?: { name: string } }[] }[] {
  const spec = manifest['spec'] as { template?: { spec?: { containers?: [] } } } | undefined;
  return spec?.template?.spec?.containers ?? [];
}

function build(dir: string): Layer {
  const kustomization = parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0)
    throw new Error(`${dir}: the kustomize subset does not support ${unsupported.join(', ')}`);

  const layer: Layer = { manifests: [], generated: [] };
  for (const resource of kustomization.resources ?? []) {
    const at = path.join(dir, resource);
    if (fs.statSync(at).isDirectory()) {
      const inner = build(at);
      layer.manifests.push(...inner.manifests);
      layer.generated.push(...inner.generated);
    } else layer.manifests.push(...parseManifests(fs.readFileSync(at, 'utf8')));
  }

  for (const generator of kustomization.configMapGenerator ?? []) {
    const data = Object.fromEntries([
      ...(generator.envs ?? []).flatMap((file) => parseEnv(fs.readFileSync(path.join(dir, file), 'utf8'))),
      ...(generator.literals ?? []).flatMap((literal) => parseEnv(literal)),
    ]);
    const existing = layer.generated.find((candidate) => candidate.baseName === generator.name);
    if (generator.behavior === 'merge') {
      if (!existing) throw new Error(`${dir}: configMapGenerator ${generator.name} merges into nothing`);
      existing.manifest['data'] = { ...(existing.manifest['data'] as Record<string, string>), ...data };
    } else {
      const manifest: Manifest = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: generator.name },
        data,
      };
      layer.manifests.push(manifest);
      layer.generated.push({ manifest, baseName: generator.name });
    }
  }

  for (const { target, patch } of kustomization.patches ?? []) {
    const operations = parse(patch) as JsonPatchOperation[];
    if (!Array.isArray(operations)) throw new Error(`${dir}: only JSON 6902 patches are supported`);
    for (const manifest of layer.manifests)
      if (
        (!target.kind || manifest.kind === target.kind) &&
        (!target.name || manifest.metadata.name === target.name)
      )
        applyJsonPatch(manifest, operations);
  }

  for (const { pairs } of kustomization.labels ?? [])
    for (const manifest of layer.manifests)
      manifest.metadata.labels = { ...manifest.metadata.labels, ...pairs };

  for (const image of kustomization.images ?? [])
    for (const container of layer.manifests.flatMap(containers)) {
      const [name, tag] = (container.image ?? '').split(':');
      if (name === image.name)
        container.image = `${image.newName ?? name}:${image.newTag ?? tag}`.replace(/:undefined$/, '');
    }

  if (kustomization.namespace)
    for (const manifest of layer.manifests)
      if (!CLUSTER_SCOPED.has(manifest.kind)) manifest.metadata.namespace = kustomization.namespace;
  return layer;
}

/** Renders a kustomization directory as `kubectl kustomize` would (objects in no particular order). */
export function renderSubset(dir: string): Manifest[] {
  const { manifests, generated } = build(dir);
  const names = new Map<string, string>();
  for (const { manifest, baseName } of generated) {
    manifest.metadata.name = `${baseName}-${configMapHash(manifest['data'] as Record<string, string>)}`;
    names.set(baseName, manifest.metadata.name);
  }
  for (const container of manifests.flatMap(containers))
    for (const source of container.envFrom ?? [])
      if (source.configMapRef)
        source.configMapRef.name = names.get(source.configMapRef.name) ?? source.configMapRef.name;
  return manifests;
}
