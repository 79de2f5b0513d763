import 'reflect-metadata';

import { writeFileSync } from 'node:fs';

import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';
import { buildOpenApiDocument } from './http/openapi';

/** Writes the gateway's OpenAPI document (the source of the web client) without starting a server. */
async function emit(target: string) {
  const app = await createGateway({ ...loadGatewayConfig(), WEB_DIST_DIR: '', LOG_LEVEL: 'error' });
  await app.init();
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
}

void emit(process.argv[2] ?? 'libs/api-client/openapi.json');
