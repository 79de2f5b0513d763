import { parseAllDocuments } from 'yaml';

/** One rendered Kubernetes object, as parsed from YAML: only the fields every object has are typed. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** `Kind/name`, how problems name an object. */
export const ref = (manifest: Manifest) => `${manifest.kind}/${manifest.metadata.name}`;

/** Parses a multi-document YAML stream; a YAML error is thrown, never skipped. */
export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJSON() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}
