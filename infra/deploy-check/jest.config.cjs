const preset = require('../../jest.preset.cjs');

// Renders the kustomize overlays with kubectl and validates them in a child Node process (ES modules).
module.exports = { ...preset, rootDir: __dirname, displayName: 'deploy-check', testTimeout: 60_000 };
