// @ts-check
// Validates Kubernetes objects against the API schemas offline (kubernetes-models, ES modules only, hence a
// child process of the jest tests). Reads a JSON array of objects on stdin, prints a JSON array of problems.
import { text } from 'node:stream/consumers';

/** @param {{ apiVersion?: unknown, kind?: unknown, metadata?: { name?: unknown } }} manifest */
async function problemsOf(manifest) {
  const name = `${manifest.kind}/${manifest.metadata?.name}`;
  if (typeof manifest.apiVersion !== 'string' || typeof manifest.kind !== 'string')
    return [`${name}: apiVersion and kind are required`];
  let Model;
  try {
    // Core objects live at `v1/<Kind>`, the others at `<group>/<version>/<Kind>`.
    ({ [manifest.kind]: Model } = await import(`kubernetes-models/${manifest.apiVersion}/${manifest.kind}`));
  } catch {
    Model = undefined;
  }
  if (!Model) return [`${name}: no Kubernetes schema for ${manifest.apiVersion} ${manifest.kind}`];
  try {
    new Model(manifest).validate();
    return [];
  } catch (error) {
    return [`${name}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

const manifests = JSON.parse(await text(process.stdin));
const problems = (await Promise.all(manifests.map(problemsOf))).flat();
process.stdout.write(JSON.stringify(problems));
