import { type Manifest, ref } from './manifest';

interface Container {
  name: string;
  env?: { name: string; value?: string }[];
}

/**
 * Variables set in the manifests that their app does not read (zod drops unknown keys, so a misspelt
 * setting would silently keep its default): per container for `env`, across all apps for the ConfigMaps.
 */
export function unknownSettings(manifests: Manifest[], settings: Record<string, string[]>): string[] {
  const problems: string[] = [];
  const everyApp = new Set(Object.values(settings).flat());
  for (const manifest of manifests) {
    if (manifest.kind === 'ConfigMap')
      for (const key of Object.keys((manifest['data'] as Record<string, string> | undefined) ?? {}))
        if (!everyApp.has(key)) problems.push(`${ref(manifest)}: no app reads ${key}`);
    if (manifest.kind !== 'Deployment' && manifest.kind !== 'Job') continue;
    const app = manifest.kind === 'Job' ? 'migrate' : manifest.metadata.name;
    const containers = (manifest['spec'] as { template: { spec: { containers: Container[] } } }).template.spec
      .containers;
    for (const container of containers) {
      // A variable that only builds another (`$(NAME)` in a later value) is read by Kubernetes.
      const values = (container.env ?? []).map((variable) => variable.value ?? '').join('\n');
      for (const variable of container.env ?? [])
        if (!settings[app]?.includes(variable.name) && !values.includes(`$(${variable.name})`))
          problems.push(`${ref(manifest)}: ${app} does not read ${variable.name}`);
    }
  }
  return problems;
}
