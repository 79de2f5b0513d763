import { type Manifest, ref } from './manifest';

/**
 * Our own rules for a rendered overlay, on top of the Kubernetes schemas: what a schema cannot say
 * (every Deployment probed, bounded, non-root, autoscaled and fenced by NetworkPolicies; every reference
 * resolvable). Each problem is one line naming the object.
 */

type Labels = Record<string, string>;

interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

interface Probe {
  httpGet?: { path?: string; port: string | number };
  tcpSocket?: { port: string | number };
}

interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
    seccompProfile?: { type: string };
  };
}

interface PodTemplate {
  metadata?: { labels?: Labels };
  spec: {
    containers: Container[];
    securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  };
}

interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}

interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: { from?: NetworkPolicyPeer[]; ports?: { protocol?: string; port?: string | number }[] }[];
  egress?: { to?: NetworkPolicyPeer[]; ports?: { protocol?: string; port?: string | number }[] }[];
}

export interface K8sRuleOptions {
  /** Keys of the `kitty-secrets` Secret that docs/deploy.md documents. */
  secretKeys: string[];
  /** The overlay's namespace: every namespaced object must be in it. */
  namespace: string;
}

export const SECRET_NAME = 'kitty-secrets';
/** The only Deployment the ingress controller may reach. */
export const PUBLIC_APP = 'gateway';
/** The gateway's container port for the operator surface (bull-board, /metrics): never public. */
export const OPS_PORT = 'ops';
/** The Postgres pooler: it speaks no HTTP (TCP probes), and the apps' pods connect to it. */
export const POOLER_APP = 'pgbouncer';
/** Where Prometheus runs: allowed to scrape every app. */
export const MONITORING_NAMESPACE = 'monitoring';
const POSTGRES_PORT = 5432;
const REDIS_PORT = 6379;
const POOLER_PORT = 6432;
/** Who may open connections to Postgres itself: the pooler and the migration Job, never an app. */
const POSTGRES_CLIENTS = ['pooler', 'migration'];

/** A credential by its name, or a URL with a password in it (not a `$(VARIABLE)` Kubernetes fills in). */
export const isSecretLike = (name: string, value: string) =>
  /SECRET|PASSWORD|_KEY$/.test(name) || /^[a-z]+:\/\/[^/@:]*:(?!\$\([A-Z0-9_]+\)@)[^/@]+@/.test(value);

const spec = <T>(manifest: Manifest) => manifest['spec'] as T;
const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
const podTemplate = (manifest: Manifest): PodTemplate => spec<{ template: PodTemplate }>(manifest).template;

export function selectorMatches(selector: LabelSelector, labels: Labels = {}): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return byLabels && byExpressions;
}

const UNITS: Record<string, number> = {
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
};

/** A Kubernetes quantity (`500m`, `"1"`, `256Mi`) as a number of base units. */
export function parseQuantity(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(quantity);
  if (!match || (match[2] !== '' && !(match[2] in UNITS)))
    throw new Error(`unsupported quantity ${quantity}`);
  return Number(match[1]) * (match[2] === '' ? 1 : UNITS[match[2]]);
}

function containerProblems(owner: string, pod: PodTemplate, options: K8sRuleOptions): string[] {
  const problems: string[] = [];
  const podSecurity = pod.spec.securityContext ?? {};
  for (const container of pod.spec.containers) {
    const at = `${owner} container ${container.name}`;
    const security = container.securityContext ?? {};

    for (const resource of ['cpu', 'memory']) {
      const request = container.resources?.requests?.[resource];
      const limit = container.resources?.limits?.[resource];
      if (!request) problems.push(`${at}: no ${resource} request`);
      if (!limit) problems.push(`${at}: no ${resource} limit`);
      if (request && limit && parseQuantity(request) > parseQuantity(limit))
        problems.push(`${at}: ${resource} request ${request} is above its limit ${limit}`);
    }

    if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
      problems.push(`${at}: runAsNonRoot is not set`);
    if ((security.runAsUser ?? podSecurity.runAsUser) === 0) problems.push(`${at}: runs as user 0`);
    if (security.allowPrivilegeEscalation !== false)
      problems.push(`${at}: allowPrivilegeEscalation is not false`);
    if (security.readOnlyRootFilesystem !== true) problems.push(`${at}: root filesystem is writable`);
    if (!security.capabilities?.drop?.includes('ALL'))
      problems.push(`${at}: capabilities are not dropped (drop ALL)`);
    if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault')
      problems.push(`${at}: no RuntimeDefault seccomp profile`);

    for (const variable of container.env ?? []) {
      if (variable.value !== undefined && isSecretLike(variable.name, variable.value))
        problems.push(`${at}: ${variable.name} is a secret in clear; take it from ${SECRET_NAME}`);
      const secretRef = variable.valueFrom?.secretKeyRef;
      if (!secretRef) continue;
      if (secretRef.name !== SECRET_NAME)
        problems.push(`${at}: ${variable.name} comes from Secret ${secretRef.name}, not ${SECRET_NAME}`);
      else if (!options.secretKeys.includes(secretRef.key))
        problems.push(`${at}: secret key ${secretRef.key} is not documented in docs/deploy.md#secrets`);
    }
    for (const source of container.envFrom ?? [])
      if (source.secretRef)
        problems.push(
          `${at}: envFrom ${source.secretRef.name} hands over every key; reference the keys it needs`,
        );
  }
  return problems;
}

/** `<registry>/kitty/<app>:<tag>`, one registry and one tag across the overlay, never `latest`. */
function imageProblems(workloads: Manifest[]): string[] {
  const problems: string[] = [];
  const registries = new Set<string>();
  const tags = new Set<string>();
  for (const workload of workloads) {
    const app = workload.kind === 'Job' ? 'migrate' : workload.metadata.name;
    for (const container of podTemplate(workload).spec.containers) {
      const match = /^(?:(.+)\/)?kitty\/([a-z-]+):([\w.-]+)$/.exec(container.image ?? '');
      if (!match) {
        problems.push(`${ref(workload)}: image ${container.image} is not <registry>/kitty/<app>:<tag>`);
        continue;
      }
      const [, registry = '', image, tag] = match;
      if (image !== app) problems.push(`${ref(workload)}: runs image kitty/${image}, expected kitty/${app}`);
      if (tag === 'latest') problems.push(`${ref(workload)}: image tag latest`);
      registries.add(registry);
      tags.add(tag);
    }
  }
  if (registries.size > 1)
    problems.push(`images come from several registries: ${[...registries].sort().join(', ')}`);
  if (tags.size > 1) problems.push(`images carry different tags: ${[...tags].sort().join(', ')}`);
  return problems;
}

function deploymentProblems(deployment: Manifest, manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const name = deployment.metadata.name;
  const at = ref(deployment);
  const pod = podTemplate(deployment);
  const labels = pod.metadata?.labels;

  for (const container of pod.spec.containers) {
    const portNames = (container.ports ?? []).flatMap((port) => [port.name, port.containerPort]);
    for (const kind of ['readinessProbe', 'livenessProbe'] as const) {
      const probe =
        container[kind]?.httpGet ?? (name === POOLER_APP ? container[kind]?.tcpSocket : undefined);
      if (!probe) {
        problems.push(`${at} container ${container.name}: no HTTP ${kind}`);
        continue;
      }
      if (!portNames.includes(probe.port))
        problems.push(
          `${at} container ${container.name}: ${kind} port ${probe.port} is not a container port`,
        );
    }
    // Services answer readiness on /health; the gateway's routes all live under /api.
    const readinessPath = container.readinessProbe?.httpGet?.path ?? '';
    const expected = name === PUBLIC_APP ? readinessPath.startsWith('/api/') : readinessPath === '/health';
    if (container.readinessProbe?.httpGet && !expected)
      problems.push(
        `${at} container ${container.name}: readinessProbe path ${readinessPath} is not the app's health path`,
      );
  }

  const hpa = ofKind(manifests, 'HorizontalPodAutoscaler').find((candidate) => {
    const target = spec<{ scaleTargetRef: { kind: string; name: string } }>(candidate).scaleTargetRef;
    return target.kind === 'Deployment' && target.name === name;
  });
  if (!hpa) problems.push(`${at}: no HorizontalPodAutoscaler`);
  else {
    const { minReplicas = 1, maxReplicas } = spec<{ minReplicas?: number; maxReplicas: number }>(hpa);
    if (minReplicas > maxReplicas)
      problems.push(`${ref(hpa)}: minReplicas ${minReplicas} > maxReplicas ${maxReplicas}`);
    if (spec<{ replicas?: number }>(deployment).replicas !== undefined)
      problems.push(`${at}: sets replicas although ${ref(hpa)} owns the count`);
  }
  if (
    !ofKind(manifests, 'PodDisruptionBudget').some((pdb) =>
      selectorMatches(spec<{ selector: LabelSelector }>(pdb).selector, labels),
    )
  )
    problems.push(`${at}: no PodDisruptionBudget selects its pods`);

  const services = ofKind(manifests, 'Service').filter((service) =>
    selectorMatches({ matchLabels: spec<{ selector: Labels }>(service).selector }, labels),
  );
  if (services.length === 0) problems.push(`${at}: no Service selects its pods`);
  const portNames = pod.spec.containers.flatMap((container) =>
    (container.ports ?? []).map((port) => port.name),
  );
  for (const service of services)
    for (const port of spec<{ ports: { targetPort?: string | number }[] }>(service).ports)
      if (typeof port.targetPort === 'string' && !portNames.includes(port.targetPort))
        problems.push(`${ref(service)}: targetPort ${port.targetPort} is not a port of ${at}`);
  return problems;
}

function policiesSelecting(policies: Manifest[], labels: Labels = {}) {
  return policies.filter((policy) => selectorMatches(spec<NetworkPolicySpec>(policy).podSelector, labels));
}

/** A peer outside the namespace's own pods that is not Prometheus. */
function isOutsidePeer(peer: NetworkPolicyPeer): boolean {
  if (peer.ipBlock) return true;
  if (!peer.namespaceSelector) return false;
  return peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] !== MONITORING_NAMESPACE;
}

function networkPolicyProblems(manifests: Manifest[], workloads: Manifest[]): string[] {
  const problems: string[] = [];
  const policies = ofKind(manifests, 'NetworkPolicy');
  const isDefaultDeny = (policy: Manifest) => {
    const { podSelector, policyTypes = [], ingress, egress } = spec<NetworkPolicySpec>(policy);
    return (
      Object.keys(podSelector).length === 0 &&
      policyTypes.includes('Ingress') &&
      policyTypes.includes('Egress') &&
      !ingress?.length &&
      !egress?.length
    );
  };
  if (!policies.some(isDefaultDeny))
    problems.push('no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)');

  for (const workload of workloads) {
    const labels = podTemplate(workload).metadata?.labels;
    const selecting = policiesSelecting(policies, labels).map((policy) => spec<NetworkPolicySpec>(policy));
    const egressPorts = selecting.flatMap((policy) =>
      (policy.egress ?? []).flatMap((rule) => rule.ports ?? []),
    );
    if (!egressPorts.some((port) => port.port === 53 && port.protocol === 'UDP'))
      problems.push(`${ref(workload)}: no NetworkPolicy lets it resolve DNS`);
    const component = labels?.['app.kubernetes.io/component'] ?? '';
    const needed = POSTGRES_CLIENTS.includes(component) ? [POSTGRES_PORT] : [REDIS_PORT, POOLER_PORT];
    for (const port of needed)
      if (!egressPorts.some((allowed) => allowed.port === port))
        problems.push(`${ref(workload)}: no NetworkPolicy lets it reach port ${port}`);
    if (
      !POSTGRES_CLIENTS.includes(component) &&
      egressPorts.some((allowed) => allowed.port === POSTGRES_PORT)
    )
      problems.push(
        `${ref(workload)}: a NetworkPolicy lets it reach Postgres (${POSTGRES_PORT}) past ${POOLER_APP}`,
      );

    const isPublic = workload.kind === 'Deployment' && workload.metadata.name === PUBLIC_APP;
    for (const policy of policiesSelecting(policies, labels))
      for (const rule of spec<NetworkPolicySpec>(policy).ingress ?? []) {
        const from = rule.from ?? [];
        const ports = (rule.ports ?? []).map((allowed) => allowed.port);
        const reachesOps = isPublic && (ports.length === 0 || ports.includes(OPS_PORT));
        if (reachesOps && from.some(isOutsidePeer))
          problems.push(
            `${ref(policy)}: lets traffic from outside reach the operator port of ${ref(workload)}; only ${MONITORING_NAMESPACE} may`,
          );
        if (from.length === 0) problems.push(`${ref(policy)}: lets anyone reach ${ref(workload)}`);
        else if (!isPublic && from.some(isOutsidePeer))
          problems.push(
            `${ref(policy)}: lets traffic from outside reach ${ref(workload)}; only ${PUBLIC_APP} is public`,
          );
        else if (
          workload.metadata.name !== POOLER_APP &&
          from.some((peer) => peer.podSelector && !peer.namespaceSelector)
        )
          problems.push(
            `${ref(policy)}: lets pods reach ${ref(workload)} directly; the apps talk over Redis`,
          );
      }
  }
  return problems;
}

function ingressProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const ingresses = ofKind(manifests, 'Ingress');
  if (ingresses.length === 0) return ['no Ingress'];
  const routed = new Map<string, string>();
  for (const ingress of ingresses) {
    const { rules = [], tls = [] } = spec<{
      rules?: {
        http?: {
          paths: { path: string; backend: { service?: { name: string; port: { name?: string } } } }[];
        };
      }[];
      tls?: unknown[];
    }>(ingress);
    if (tls.length === 0) problems.push(`${ref(ingress)}: no TLS`);
    for (const { path, backend } of rules.flatMap((rule) => rule.http?.paths ?? [])) {
      const service = ofKind(manifests, 'Service').find(
        (candidate) => candidate.metadata.name === backend.service?.name,
      );
      if (!service) {
        problems.push(`${ref(ingress)}: ${path} routes to missing Service ${backend.service?.name}`);
        continue;
      }
      const servicePorts = spec<{ ports: { name?: string; targetPort?: string | number }[] }>(service).ports;
      const ports = servicePorts.map((port) => port.name);
      if (!ports.includes(backend.service?.port.name))
        problems.push(`${ref(ingress)}: ${path} routes to a port ${ref(service)} lacks`);
      if (
        servicePorts.some((port) => port.name === backend.service?.port.name && port.targetPort === OPS_PORT)
      )
        problems.push(`${ref(ingress)}: ${path} routes to the operator port; it must never be public`);
      routed.set(path, service.metadata.name);
    }
  }
  for (const path of ['/api', '/'])
    if (routed.get(path) !== PUBLIC_APP) problems.push(`Ingress: ${path} is not routed to the ${PUBLIC_APP}`);
  return problems;
}

export function checkManifests(manifests: Manifest[], options: K8sRuleOptions): string[] {
  const problems: string[] = [];
  const deployments = ofKind(manifests, 'Deployment');
  const workloads = [...deployments, ...ofKind(manifests, 'Job')];
  if (deployments.length === 0) problems.push('no Deployment rendered');

  for (const secret of ofKind(manifests, 'Secret'))
    problems.push(`${ref(secret)}: Secret values must not be committed; create ${SECRET_NAME} out of band`);

  const namespace = ofKind(manifests, 'Namespace').find(
    (candidate) => candidate.metadata.name === options.namespace,
  );
  if (!namespace) problems.push(`no Namespace ${options.namespace}`);
  else if (namespace.metadata.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted')
    problems.push(`${ref(namespace)}: does not enforce the restricted Pod Security Standard`);
  for (const manifest of manifests)
    if (manifest.kind !== 'Namespace' && manifest.metadata.namespace !== options.namespace)
      problems.push(
        `${ref(manifest)}: in namespace ${manifest.metadata.namespace}, expected ${options.namespace}`,
      );

  for (const configMap of ofKind(manifests, 'ConfigMap'))
    for (const [key, value] of Object.entries(
      (configMap['data'] as Record<string, string> | undefined) ?? {},
    ))
      if (isSecretLike(key, value))
        problems.push(`${ref(configMap)}: ${key} is a secret in clear; move it to ${SECRET_NAME}`);
  const configMaps = new Set(ofKind(manifests, 'ConfigMap').map((configMap) => configMap.metadata.name));
  for (const workload of workloads) {
    const pod = podTemplate(workload);
    problems.push(...containerProblems(ref(workload), pod, options));
    for (const container of pod.spec.containers)
      for (const source of container.envFrom ?? [])
        if (source.configMapRef && !configMaps.has(source.configMapRef.name))
          problems.push(`${ref(workload)}: ConfigMap ${source.configMapRef.name} does not exist`);
  }
  for (const deployment of deployments) problems.push(...deploymentProblems(deployment, manifests));
  problems.push(
    ...imageProblems(workloads),
    ...networkPolicyProblems(manifests, workloads),
    ...ingressProblems(manifests),
  );
  return problems;
}
