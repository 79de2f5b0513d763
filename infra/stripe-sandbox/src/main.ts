import { loadSandboxConfig } from './config';
import { startSandbox } from './server';

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const sandbox = await startSandbox(config);
  sandbox.app.log.info(
    {
      publicUrl: config.publicUrl ?? sandbox.url,
      webhookEndpoints: config.webhooks.urls,
      persistence: config.dataDir ?? 'memory only',
    },
    `Stripe sandbox listening on ${sandbox.url}`,
  );
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    sandbox.app.log.info({ signal }, 'Stripe sandbox stopping');
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        sandbox.app.log.error({ err: error }, 'Stripe sandbox did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
