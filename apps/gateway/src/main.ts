import 'reflect-metadata';

import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';

async function main() {
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await app.listen(config.HTTP_PORT, '0.0.0.0');
}

void main();
