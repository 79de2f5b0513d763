import type { Manifest } from './manifest';

/**
 * What `podman kube play` runs of a rendered overlay (npm test's deploy phase). podman plays
 * Pods, Deployments and ConfigMaps; the rest of a cluster is not there to play:
 * - the migration Job becomes a Pod with the Job's own template (podman 4.3 has no Job kind);
 * - Services, Ingress, HPA, PDB, NetworkPolicies and the Namespace are left out and named, with why — the
 *   offline rules and Kubernetes schema checks of `deploy-check` cover them instead;
 * - an app's overrides (the Stripe sandbox's settings) are set in its own copy of the ConfigMap it reads;
 * - `kitty-secrets` is not rendered (a cluster creates it out of band): the test creates a podman secret.
 */
export interface KubePlayPlan {
  /** ConfigMaps and the migration Job's Pod: played first, and must exit 0. */
  migration: Manifest[];
  /** ConfigMaps (and overridden apps' copies) and every Deployment, with the manifests' own env, probes
   * and security. */
  apps: Manifest[];
  /** `Kind/name: why` for every rendered object podman does not play. */
  notPlayed: string[];
}

/** Environment set on top of the manifests' own for one app's containers (e.g. the Stripe sandbox). */
export type EnvOverrides = Record<string, Record<string, string>>;

const NOT_PLAYED: Record<string, string> = {
  Namespace: 'podman has no namespaces: every pod shares the test network',
  Service:
    'no cluster DNS or load balancing: the apps meet through Redis, reach the pooler by its pod name; the test reads pod addresses',
  Ingress: 'no ingress controller: the smoke test calls the gateway pod directly',
  HorizontalPodAutoscaler: 'no metrics server: one replica each (the minimum podman plays)',
  PodDisruptionBudget: 'no evictions to budget for',
  NetworkPolicy: 'podman does not enforce them (deploy-check verifies them offline)',
};

type Container = {
  name: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
type PodSpec = { containers: Container[]; [field: string]: unknown };
type Template = { metadata?: { labels?: Record<string, string> }; spec: PodSpec };

const templateOf = (manifest: Manifest) => (manifest.spec as { template: Template }).template;

/**
 * Overrides go into the app's own copy of each ConfigMap it reads whole (`envFrom`), not into `env`:
 * Kubernetes lets `env` win over `envFrom`, podman 4.3 the other way round, and a copy reads the same in
 * both. Returns the Deployment pointing at its copies, and the copies.
 */
function withOverrides(
  deployment: Manifest,
  values: Record<string, string>,
  configMaps: Manifest[],
): { deployment: Manifest; copies: Manifest[] } {
  const app = deployment.metadata.name;
  const template = templateOf(deployment);
  const copies: Manifest[] = [];
  const containers = template.spec.containers.map((container) => {
    const envFrom = (container.envFrom ?? []).map((source) => {
      const original = configMaps.find((map) => map.metadata.name === source.configMapRef?.name);
      if (!original) return source;
      const name = `${original.metadata.name}-${app}`;
      const data = { ...(original.data as Record<string, string>), ...values };
      copies.push({ ...original, metadata: { ...original.metadata, name }, data });
      return { ...source, configMapRef: { name } };
    });
    if (!envFrom.some((source, i) => source !== container.envFrom?.[i]))
      throw new Error(`${app}: no ConfigMap read with envFrom to carry its overrides`);
    return { ...container, envFrom };
  });
  return {
    deployment: {
      ...deployment,
      spec: {
        ...(deployment.spec as object),
        template: { ...template, spec: { ...template.spec, containers } },
      },
    },
    copies,
  };
}

/** A Job as the Pod its controller would start (same labels and spec; `restartPolicy` stays Never). */
function jobAsPod(job: Manifest): Manifest {
  const template = templateOf(job);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: job.metadata.name, labels: template.metadata?.labels ?? {} },
    spec: template.spec,
  };
}

export function kubePlayPlan(manifests: Manifest[], overrides: EnvOverrides = {}): KubePlayPlan {
  const configMaps = manifests.filter((manifest) => manifest.kind === 'ConfigMap');
  const jobs = manifests.filter((manifest) => manifest.kind === 'Job');
  const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
  const notPlayed = manifests
    .filter((manifest) => !['ConfigMap', 'Job', 'Deployment'].includes(manifest.kind))
    .map((manifest) => {
      const why = NOT_PLAYED[manifest.kind];
      if (!why) throw new Error(`${manifest.kind}/${manifest.metadata.name}: nothing says how to play it`);
      return `${manifest.kind}/${manifest.metadata.name}: ${why}`;
    });
  const unknownApps = Object.keys(overrides).filter(
    (name) => !deployments.some((deployment) => deployment.metadata.name === name),
  );
  if (unknownApps.length > 0) throw new Error(`no Deployment to override: ${unknownApps.join(', ')}`);
  const played = deployments.map((deployment) => {
    const values = overrides[deployment.metadata.name];
    return values ? withOverrides(deployment, values, configMaps) : { deployment, copies: [] };
  });
  return {
    migration: [...configMaps, ...jobs.map(jobAsPod)],
    apps: [
      ...configMaps,
      ...played.flatMap(({ copies }) => copies),
      ...played.map(({ deployment }) => deployment),
    ],
    notPlayed,
  };
}

/**
 * `kitty-secrets` as podman's secret store holds it for `secretKeyRef`: a JSON object of base64 values
 * (podman 4.3 reads only JSON; later versions read this too).
 */
export function podmanSecret(values: Record<string, string>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
    ),
  );
}
