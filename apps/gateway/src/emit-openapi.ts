import 'reflect-metadata';

import { readFileSync, writeFileSync } from 'node:fs';

import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';
import { buildOpenApiDocument } from './http/openapi';

/**
 * Writes the gateway's OpenAPI document (the source of the web client) without starting a server.
 * With --check it only compares, and fails when the committed document is stale.
 */
async function emit(target: string, check: boolean) {
  const app = await createGateway({ ...loadGatewayConfig(), WEB_DIST_DIR: '', LOG_LEVEL: 'error' });
  await app.init();
  const document = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  await app.close();
  if (!check) return writeFileSync(target, document);
  if (readFileSync(target, 'utf8') !== document) {
    console.error(`${target} is stale: run \`npx nx run gateway:openapi\` and commit the result.`);
    process.exitCode = 1;
  }
}

const args = process.argv.slice(2);
void emit(
  args.find((arg) => !arg.startsWith('--')) ?? 'libs/api-client/openapi.json',
  args.includes('--check'),
);
