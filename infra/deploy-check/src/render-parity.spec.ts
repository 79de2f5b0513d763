import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { applyJsonPatch, configMapHash, renderSubset } from './kustomize-subset';
import type { Manifest } from './manifest';
import { kubectlAvailable, overlayDir, OVERLAYS, renderOverlay, sortManifests } from './render';

describe('the kustomize subset (used where kubectl is missing)', () => {
  const withKubectl = kubectlAvailable() ? it : it.skip;

  withKubectl.each(OVERLAYS)('renders the %s overlay exactly as kubectl kustomize does', (overlay) => {
    const subset = renderSubset(overlayDir(overlay));
    expect(sortManifests(subset)).toEqual(renderOverlay(overlay));
  });

  it('names ConfigMaps by content as kustomize does', () => {
    // `kubectl kustomize` of a configMapGenerator `demo` with literals A=1 and MAIL=<x@y> renders demo-mm7ft28bbt.
    expect(configMapHash({ A: '1', MAIL: '<x@y>' })).toBe('mm7ft28bbt');
  });

  it('refuses a patch path that does not exist instead of inventing it', () => {
    const manifest: Manifest = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: {} };
    expect(() => applyJsonPatch(manifest, [{ op: 'replace', path: '/spec/ports', value: [] }])).toThrow(
      'patch path /spec/ports does not exist',
    );
  });

  it('refuses a kustomization field it does not implement instead of ignoring it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-subset-'));
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'commonLabels: { team: kitty }\nresources: []\n');
    try {
      expect(() => renderSubset(dir)).toThrow('the kustomize subset does not support commonLabels');
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
