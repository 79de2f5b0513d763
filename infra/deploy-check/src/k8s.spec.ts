import { appSettings, serverApps } from './apps';
import { readDeployDoc } from './docs';
import { checkManifests, type K8sRuleOptions, parseQuantity, selectorMatches } from './k8s-rules';
import type { Manifest } from './manifest';
import { type Overlay, OVERLAYS, renderOverlay } from './render';
import { schemaProblems } from './schema';
import { unknownSettings } from './settings';

const NAMESPACES: Record<Overlay, string> = { dev: 'kitty-dev', prod: 'kitty' };
const { secretKeys } = readDeployDoc();
const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, renderOverlay(overlay)])) as Record<
  Overlay,
  Manifest[]
>;
const rulesFor = (overlay: Overlay): K8sRuleOptions => ({ secretKeys, namespace: NAMESPACES[overlay] });

// Loosely typed access for the tests that break a manifest on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
const find = (manifests: Manifest[], kind: string, name: string): any => {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} not rendered`);
  return found;
};
const container = (manifests: Manifest[], app: string): any =>
  find(manifests, 'Deployment', app).spec.template.spec.containers[0];
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The prod rendering, changed by `change`, checked by our rules. */
function prodProblemsAfter(change: (manifests: Manifest[]) => void): string[] {
  const manifests = structuredClone(rendered.prod);
  change(manifests);
  return checkManifests(manifests, rulesFor('prod'));
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const manifests = rendered[overlay];
  const names = (kind: string) =>
    manifests
      .filter((manifest) => manifest.kind === kind)
      .map((m) => m.metadata.name)
      .sort();

  it('renders a Deployment, Service, HPA and PDB for every app, the migration Job, the Ingress and the policies', () => {
    const apps = serverApps();
    expect(apps).toEqual(expect.arrayContaining(['auth', 'gateway', 'payments', 'pots']));
    // And the Postgres pooler's.
    for (const kind of ['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
      expect(names(kind)).toEqual([...apps, 'pgbouncer'].sort());
    // The gateway's operator surface has a Service of its own, which no Ingress routes.
    expect(names('Service')).toEqual([...apps, 'gateway-ops', 'pgbouncer'].sort());
    expect(names('Job')).toEqual(['kitty-migrate']);
    expect(names('Ingress')).toEqual(['kitty']);
    expect(names('NetworkPolicy')).toContain('default-deny-all');
    expect(names('ConfigMap')).toEqual([expect.stringMatching(/^kitty-config-[a-z0-9]+$/)]);
  });

  it('is valid against the Kubernetes API schemas', () => {
    expect(schemaProblems(manifests)).toEqual([]);
  });

  it('follows our deployment rules', () => {
    expect(checkManifests(manifests, rulesFor(overlay))).toEqual([]);
  });

  it('sets only variables the apps read', () => {
    expect(unknownSettings(manifests, appSettings())).toEqual([]);
  });

  it('references exactly the secret keys docs/deploy.md documents', () => {
    const referenced = new Set<string>();
    JSON.stringify(manifests, (key, value) => {
      if (key === 'secretKeyRef') referenced.add(value.key);
      return value;
    });
    expect(referenced).toEqual(new Set(secretKeys));
  });
});

describe('dev and prod differ where environments should', () => {
  const hpa = (overlay: Overlay, app: string) => find(rendered[overlay], 'HorizontalPodAutoscaler', app).spec;

  it('prod keeps at least two replicas of every app and three gateways; dev runs one of each', () => {
    for (const app of serverApps()) {
      expect(hpa('dev', app).minReplicas).toBe(1);
      expect(hpa('prod', app).minReplicas).toBeGreaterThanOrEqual(app === 'gateway' ? 3 : 2);
    }
  });

  it('prod pins release images; dev follows the dev tag', () => {
    expect(container(rendered.prod, 'pots').image).toBe('registry.kitty.example/kitty/pots:1.0.0');
    expect(container(rendered.dev, 'pots').image).toBe('registry.kitty.example/kitty/pots:dev');
  });

  it('prod gives the gateway more room than dev', () => {
    const memory = (overlay: Overlay) =>
      parseQuantity(container(rendered[overlay], 'gateway').resources.limits.memory);
    expect(memory('prod')).toBeGreaterThan(memory('dev'));
  });
});

describe('the rules catch a broken manifest', () => {
  it('a Deployment without a readiness or liveness probe', () => {
    expect(prodProblemsAfter((m) => delete container(m, 'pots').readinessProbe)).toEqual([
      'Deployment/pots container pots: no HTTP readinessProbe',
    ]);
    expect(prodProblemsAfter((m) => delete container(m, 'gateway').livenessProbe)).toEqual([
      'Deployment/gateway container gateway: no HTTP livenessProbe',
    ]);
  });

  it('a probe on the wrong path or port', () => {
    expect(prodProblemsAfter((m) => (container(m, 'auth').readinessProbe.httpGet.path = '/'))).toEqual([
      "Deployment/auth container auth: readinessProbe path / is not the app's health path",
    ]);
    expect(prodProblemsAfter((m) => (container(m, 'auth').livenessProbe.httpGet.port = 'web'))).toEqual([
      'Deployment/auth container auth: livenessProbe port web is not a container port',
    ]);
  });

  it('missing or inverted resources', () => {
    expect(prodProblemsAfter((m) => delete container(m, 'residency').resources.limits.memory)).toEqual([
      'Deployment/residency container residency: no memory limit',
    ]);
    expect(prodProblemsAfter((m) => (container(m, 'residency').resources.requests.cpu = '4'))).toEqual([
      'Deployment/residency container residency: cpu request 4 is above its limit 1',
    ]);
  });

  it('a root or privileged container, in a Deployment or the migration Job', () => {
    expect(
      prodProblemsAfter((m) => {
        const deployment = find(m, 'Deployment', 'payments');
        deployment.spec.template.spec.securityContext = { runAsUser: 0 };
        delete deployment.spec.template.spec.containers[0].securityContext;
      }),
    ).toEqual([
      'Deployment/payments container payments: runAsNonRoot is not set',
      'Deployment/payments container payments: runs as user 0',
      'Deployment/payments container payments: allowPrivilegeEscalation is not false',
      'Deployment/payments container payments: root filesystem is writable',
      'Deployment/payments container payments: capabilities are not dropped (drop ALL)',
      'Deployment/payments container payments: no RuntimeDefault seccomp profile',
    ]);
    expect(
      prodProblemsAfter(
        (m) =>
          (find(
            m,
            'Job',
            'kitty-migrate',
          ).spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem = false),
      ),
    ).toEqual(['Job/kitty-migrate container migrate: root filesystem is writable']);
  });

  it('an undocumented secret key, a whole Secret handed over, or a committed Secret', () => {
    expect(
      prodProblemsAfter((m) =>
        container(m, 'issuing').env.push({
          name: 'X',
          valueFrom: { secretKeyRef: { name: 'kitty-secrets', key: 'UNDOCUMENTED' } },
        }),
      ),
    ).toEqual([
      'Deployment/issuing container issuing: secret key UNDOCUMENTED is not documented in docs/deploy.md#secrets',
    ]);
    expect(
      prodProblemsAfter((m) =>
        container(m, 'issuing').envFrom.push({ secretRef: { name: 'kitty-secrets' } }),
      ),
    ).toEqual([
      'Deployment/issuing container issuing: envFrom kitty-secrets hands over every key; reference the keys it needs',
    ]);
    expect(
      prodProblemsAfter((m) =>
        m.push({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'kitty-secrets', namespace: 'kitty' },
          stringData: {},
        }),
      ),
    ).toEqual([
      'Secret/kitty-secrets: Secret values must not be committed; create kitty-secrets out of band',
    ]);
  });

  it('a secret in clear, in a container or in the ConfigMap', () => {
    expect(
      prodProblemsAfter((m) =>
        container(m, 'auth').env.push({ name: 'JWT_ACCESS_SECRET', value: 'x'.repeat(32) }),
      ),
    ).toEqual([
      'Deployment/auth container auth: JWT_ACCESS_SECRET is a secret in clear; take it from kitty-secrets',
    ]);
    const problems = prodProblemsAfter((m) => {
      const configMap = m.find((manifest) => manifest.kind === 'ConfigMap') as Manifest & {
        data: Record<string, string>;
      };
      configMap.data['SMTP_URL'] = 'smtp://mailer:hunter2@relay:587';
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^ConfigMap\/kitty-config-\w+: SMTP_URL is a secret in clear; move it to kitty-secrets$/,
      ),
    ]);
  });

  it('a missing autoscaler, budget or Service, and replicas fixed under an autoscaler', () => {
    expect(
      prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'HorizontalPodAutoscaler', 'notifications')), 1)),
    ).toEqual(['Deployment/notifications: no HorizontalPodAutoscaler']);
    expect(prodProblemsAfter((m) => (find(m, 'Deployment', 'notifications').spec.replicas = 2))).toEqual([
      'Deployment/notifications: sets replicas although HorizontalPodAutoscaler/notifications owns the count',
    ]);
    expect(prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'PodDisruptionBudget', 'pots')), 1))).toEqual([
      'Deployment/pots: no PodDisruptionBudget selects its pods',
    ]);
    expect(prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'Service', 'auth')), 1))).toEqual([
      'Deployment/auth: no Service selects its pods',
    ]);
  });

  it('images that do not match the app, drift in tag, or float on latest', () => {
    expect(
      prodProblemsAfter((m) => (container(m, 'auth').image = 'registry.kitty.example/kitty/pots:1.0.0')),
    ).toEqual(['Deployment/auth: runs image kitty/pots, expected kitty/auth']);
    expect(
      prodProblemsAfter((m) => (container(m, 'auth').image = 'registry.kitty.example/kitty/auth:latest')),
    ).toEqual(['Deployment/auth: image tag latest', 'images carry different tags: 1.0.0, latest']);
  });

  it('a network opened up: no default deny, an internal app exposed, pods reaching each other', () => {
    expect(
      prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'NetworkPolicy', 'default-deny-all')), 1)),
    ).toEqual(['no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)']);
    const policy = (name: string, ingress: unknown[]): Manifest => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name, namespace: 'kitty' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'pots' } },
        policyTypes: ['Ingress'],
        ingress,
      },
    });
    expect(
      prodProblemsAfter((m) => m.push(policy('open', [{ from: [{ ipBlock: { cidr: '0.0.0.0/0' } }] }]))),
    ).toEqual([
      'NetworkPolicy/open: lets traffic from outside reach Deployment/pots; only gateway is public',
    ]);
    expect(prodProblemsAfter((m) => m.push(policy('anyone', [{}])))).toEqual([
      'NetworkPolicy/anyone: lets anyone reach Deployment/pots',
    ]);
    expect(
      prodProblemsAfter((m) =>
        m.push(
          policy('peers', [
            { from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }] },
          ]),
        ),
      ),
    ).toEqual(['NetworkPolicy/peers: lets pods reach Deployment/pots directly; the apps talk over Redis']);
    expect(prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'NetworkPolicy', 'allow-dns')), 1))).toEqual(
      [...[...serverApps(), 'pgbouncer'].sort().map((app) => `Deployment/${app}`), 'Job/kitty-migrate'].map(
        (w) => `${w}: no NetworkPolicy lets it resolve DNS`,
      ),
    );
  });

  it('Postgres reachable past the pooler, or the pooler and the Job cut off from it', () => {
    const direct: Manifest = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'pots-to-postgres', namespace: 'kitty' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'pots' } },
        policyTypes: ['Egress'],
        egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }], ports: [{ protocol: 'TCP', port: 5432 }] }],
      },
    };
    expect(prodProblemsAfter((m) => m.push(direct))).toEqual([
      'Deployment/pots: a NetworkPolicy lets it reach Postgres (5432) past pgbouncer',
    ]);
    expect(
      prodProblemsAfter((m) =>
        m.splice(m.indexOf(find(m, 'NetworkPolicy', 'pooler-and-migrations-to-postgres')), 1),
      ),
    ).toEqual([
      'Deployment/pgbouncer: no NetworkPolicy lets it reach port 5432',
      'Job/kitty-migrate: no NetworkPolicy lets it reach port 5432',
    ]);
    expect(
      prodProblemsAfter((m) => m.splice(m.indexOf(find(m, 'NetworkPolicy', 'apps-to-pgbouncer')), 1)),
    ).toEqual(serverApps().map((app) => `Deployment/${app}: no NetworkPolicy lets it reach port 6432`));
  });

  it('an Ingress that sends the SPA elsewhere, or to a port the Service lacks', () => {
    expect(
      prodProblemsAfter(
        (m) => (find(m, 'Ingress', 'kitty').spec.rules[0].http.paths[1].backend.service.name = 'auth'),
      ),
    ).toEqual(['Ingress: / is not routed to the gateway']);
    expect(
      prodProblemsAfter(
        (m) => (find(m, 'Ingress', 'kitty').spec.rules[0].http.paths[0].backend.service.port.name = 'https'),
      ),
    ).toEqual(['Ingress/kitty: /api routes to a port Service/gateway lacks']);
  });

  it('the operator surface made public: routed by the Ingress, or open to the ingress controller', () => {
    expect(
      prodProblemsAfter((m) =>
        find(m, 'Ingress', 'kitty').spec.rules[0].http.paths.unshift({
          path: '/admin/queues',
          pathType: 'Prefix',
          backend: { service: { name: 'gateway-ops', port: { name: 'ops' } } },
        }),
      ),
    ).toEqual(['Ingress/kitty: /admin/queues routes to the operator port; it must never be public']);
    expect(
      prodProblemsAfter((m) =>
        find(m, 'NetworkPolicy', 'gateway-from-ingress-controller').spec.ingress[0].ports.push({
          protocol: 'TCP',
          port: 'ops',
        }),
      ),
    ).toEqual([
      'NetworkPolicy/gateway-from-ingress-controller: lets traffic from outside reach the operator port of Deployment/gateway; only monitoring may',
    ]);
  });

  it('an object outside the namespace, or a namespace without the restricted standard', () => {
    expect(prodProblemsAfter((m) => (find(m, 'Service', 'pots').metadata.namespace = 'default'))).toEqual([
      'Service/pots: in namespace default, expected kitty',
    ]);
    expect(prodProblemsAfter((m) => delete find(m, 'Namespace', 'kitty').metadata.labels)).toEqual([
      'Namespace/kitty: does not enforce the restricted Pod Security Standard',
    ]);
  });

  it('a reference to a ConfigMap that was not rendered', () => {
    expect(
      prodProblemsAfter((m) => (container(m, 'pots').envFrom[0].configMapRef.name = 'kitty-config')),
    ).toEqual(['Deployment/pots: ConfigMap kitty-config does not exist']);
  });
});

describe('the settings check catches', () => {
  it('a misspelt ConfigMap key, or a variable given to an app that does not read it', () => {
    const manifests = structuredClone(rendered.prod);
    const configMap: any = manifests.find((manifest) => manifest.kind === 'ConfigMap'); // eslint-disable-line @typescript-eslint/no-explicit-any
    configMap.data.LOG_LEVL = 'debug';
    container(manifests, 'pots').env.push({ name: 'SMTP_URL', value: 'smtp://relay' });
    expect(unknownSettings(manifests, appSettings())).toEqual([
      `ConfigMap/${configMap.metadata.name}: no app reads LOG_LEVL`,
      'Deployment/pots: pots does not read SMTP_URL',
    ]);
  });
});

describe('the schema validation catches what the API server would refuse', () => {
  it('a malformed quantity, a missing required field, an unknown kind', () => {
    const manifests = structuredClone(rendered.prod);
    container(manifests, 'pots').resources.limits.cpu = 'lots';
    delete container(manifests, 'auth').name;
    manifests.push({
      apiVersion: 'autoscaling/v9',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'future' },
    });
    const problems = schemaProblems(manifests);
    expect(problems).toEqual([
      expect.stringMatching(/^Deployment\/auth: .*containers\/0 must have required property '?name'?/),
      expect.stringMatching(/^Deployment\/pots: .*limits\/cpu must match format "quantity"/),
      'HorizontalPodAutoscaler/future: no Kubernetes schema for autoscaling/v9 HorizontalPodAutoscaler',
    ]);
  });
});

describe('label selectors', () => {
  it('match labels and expressions as Kubernetes does', () => {
    const labels = { app: 'pots', tier: 'api' };
    expect(selectorMatches({}, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { app: 'pots' } }, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { app: 'auth' } }, labels)).toBe(false);
    expect(
      selectorMatches(
        { matchExpressions: [{ key: 'app', operator: 'In', values: ['auth', 'pots'] }] },
        labels,
      ),
    ).toBe(true);
    expect(
      selectorMatches({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['pots'] }] }, labels),
    ).toBe(false);
    expect(selectorMatches({ matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] }, labels)).toBe(
      true,
    );
    expect(selectorMatches({ matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, labels)).toBe(false);
  });

  it('quantities compare across units', () => {
    expect(parseQuantity('500m')).toBe(0.5);
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('256Mi')).toBe(256 * 2 ** 20);
    expect(() => parseQuantity('12 apples')).toThrow('unsupported quantity');
  });
});
