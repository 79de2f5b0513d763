/** One rendered Kubernetes object, as parsed from YAML: only the fields every object has are typed. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** `Kind/name`, how problems name an object. */
export const ref = (manifest: Manifest) => `${manifest.kind}/${manifest.metadata.name}`;
