import { serverApps } from './apps';
import { kubePlayPlan, podmanSecret } from './kube-play';
import type { Manifest } from './manifest';
import { renderOverlay } from './render';

/* eslint-disable @typescript-eslint/no-explicit-any */
const spec = (manifest: Manifest): any => manifest.spec;
/* eslint-enable @typescript-eslint/no-explicit-any */

describe('what podman kube play runs of the dev overlay', () => {
  const rendered = renderOverlay('dev');
  const sandbox = { NODE_ENV: 'development', STRIPE_API_URL: 'http://stripe-sandbox:12111' };
  const plan = kubePlayPlan(rendered, { payments: sandbox, issuing: sandbox });

  it('plays one Deployment per server app and the pooler, unchanged but for the overrides', () => {
    const deployments = plan.apps.filter((manifest) => manifest.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...serverApps(), 'pgbouncer'].sort());
    const gateway = deployments.find((d) => d.metadata.name === 'gateway');
    expect(gateway).toEqual(rendered.find((m) => m.kind === 'Deployment' && m.metadata.name === 'gateway'));
  });

  it("sets the overrides in the app's own copy of the ConfigMap it reads, leaving the others alone", () => {
    const deployment = (name: string) =>
      plan.apps.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!;
    const configMapOf = (name: string) =>
      spec(deployment(name)).template.spec.containers[0].envFrom[0].configMapRef.name;
    const shared = rendered.find((m) => m.kind === 'ConfigMap')!;
    expect(configMapOf('auth')).toBe(shared.metadata.name);
    expect(configMapOf('payments')).toBe(`${shared.metadata.name}-payments`);
    const copy = plan.apps.find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name === configMapOf('payments'),
    )!;
    expect(copy.data).toEqual({ ...(shared.data as object), ...sandbox });
    // Everything else about the container is the manifest's own.
    const original = rendered.find((m) => m.kind === 'Deployment' && m.metadata.name === 'payments')!;
    const { envFrom: _played, ...played } = spec(deployment('payments')).template.spec.containers[0];
    const { envFrom: _rendered, ...manifest } = spec(original).template.spec.containers[0];
    expect(played).toEqual(manifest);
  });

  it('turns the migration Job into a Pod with its own template', () => {
    const job = rendered.find((m) => m.kind === 'Job')!;
    const pod = plan.migration.find((m) => m.kind === 'Pod')!;
    expect(pod.metadata.name).toBe(job.metadata.name);
    expect(spec(pod)).toEqual(spec(job).template.spec);
    expect(spec(pod).restartPolicy).toBe('Never');
  });

  it('plays the generated ConfigMaps with both the migration and the apps', () => {
    const configMaps = rendered.filter((m) => m.kind === 'ConfigMap');
    expect(configMaps.length).toBeGreaterThan(0);
    expect(plan.migration.filter((m) => m.kind === 'ConfigMap')).toEqual(configMaps);
    expect(plan.apps.filter((m) => m.kind === 'ConfigMap')).toEqual(expect.arrayContaining(configMaps));
  });

  it('names every object it leaves out, with why', () => {
    // Rendered ConfigMaps are played twice (with the migration and with the apps), and two apps have copies.
    const configMaps = rendered.filter((m) => m.kind === 'ConfigMap').length;
    const played = plan.apps.length + plan.migration.length - configMaps - 2;
    expect(played + plan.notPlayed.length).toBe(rendered.length);
    expect(plan.notPlayed).toContainEqual(expect.stringMatching(/^Ingress\/kitty: /));
    expect(plan.notPlayed).toContainEqual(expect.stringMatching(/^NetworkPolicy\//));
  });

  it('refuses an object it cannot account for, and an override of no Deployment', () => {
    const extra: Manifest = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'x' } };
    expect(() => kubePlayPlan([...rendered, extra])).toThrow('StatefulSet/x: nothing says how to play it');
    expect(() => kubePlayPlan(rendered, { paymnts: sandbox })).toThrow('no Deployment to override: paymnts');
  });

  it('writes the secret podman resolves secretKeyRef from, values base64-encoded', () => {
    const secret = JSON.parse(podmanSecret({ REDIS_URL: 'redis://redis:6379', EMPTY: '' }));
    expect(secret).toEqual({ REDIS_URL: Buffer.from('redis://redis:6379').toString('base64'), EMPTY: '' });
  });
});
