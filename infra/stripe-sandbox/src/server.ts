import Fastify, { FastifyInstance } from 'fastify';

import { accountRoutes } from './accounts/accounts.routes';
import { AccountsService } from './accounts/accounts.service';
import { balanceRoutes, BalancesService } from './balances/balances.service';
import { checkoutSessionRoutes } from './checkout/checkout-sessions.routes';
import { CheckoutSessionsService } from './checkout/checkout-sessions.service';
import { SandboxConfig } from './config';
import { registerFormBodyParser, registerStripeApi } from './core/api';
import { Clock, systemClock } from './core/clock';
import { FindById } from './core/expand';
import { IdempotencyKeys } from './core/idempotency';
import { PublicUrl } from './core/public-url';
import { eventRoutes } from './events/events.routes';
import { EventsService } from './events/events.service';
import { authorizationRoutes } from './issuing/authorizations.routes';
import { AuthorizationsService } from './issuing/authorizations.service';
import { issuingRoutes } from './issuing/issuing.routes';
import { IssuingService } from './issuing/issuing.service';
import { registerPayPageRoutes } from './pay-page/pay-page.routes';
import { paymentIntentRoutes } from './payment-intents/payment-intents.routes';
import { PaymentIntentsService } from './payment-intents/payment-intents.service';
import { payoutRoutes } from './payouts/payouts.routes';
import { PayoutsService } from './payouts/payouts.service';
import { registerSandboxRoutes } from './sandbox/sandbox.routes';
import { Scheduler } from './scheduler/scheduler';
import { SandboxStore } from './store/store';
import { noTraffic, TrafficFile } from './traffic/traffic-recorder';
import { transferRoutes } from './transfers/transfers.routes';
import { TransfersService } from './transfers/transfers.service';
import { WebhookDeliveryService } from './webhooks/webhook-delivery.service';

export interface SandboxOptions {
  clock?: Clock;
  /** Fastify's logger: false to silence it (tests). */
  logger?: boolean;
}

export interface Sandbox {
  app: FastifyInstance;
  /** Where the sandbox listens, e.g. http://127.0.0.1:12111. */
  url: string;
  port: number;
  store: SandboxStore;
  sessions: CheckoutSessionsService;
  payouts: PayoutsService;
  accounts: AccountsService;
  transfers: TransfersService;
  balances: BalancesService;
  events: EventsService;
  webhooks: WebhookDeliveryService;
  scheduler: Scheduler;
  close(): Promise<void>;
}

/**
 * Builds the sandbox: one store, the scheduler for delayed work, one service per resource, and the three
 * HTTP surfaces (the Stripe API under /v1, the hosted pay page under /pay, debug endpoints under /_sandbox).
 */
export async function startSandbox(config: SandboxConfig, options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    forceCloseConnections: true,
  });
  const logger = app.log;
  const publicUrl = new PublicUrl(config.publicUrl);

  const store = new SandboxStore(config.dataDir, logger);
  const findById: FindById = (id) => store.findById(id);
  const scheduler = new Scheduler(store, clock, logger);
  const events = new EventsService(store, clock);
  const traffic = config.trafficFile === null ? noTraffic : new TrafficFile(config.trafficFile);
  const webhooks = new WebhookDeliveryService(
    store,
    config.webhooks,
    events,
    scheduler,
    clock,
    logger,
    traffic,
  );
  const idempotency = new IdempotencyKeys(store, clock);
  const paymentIntents = new PaymentIntentsService(store, clock);
  const sessions = new CheckoutSessionsService(
    store,
    clock,
    events,
    paymentIntents,
    scheduler,
    publicUrl,
    config.asyncPaymentDelayMs,
    findById,
  );
  const accounts = new AccountsService(store, clock, events, scheduler, config.verificationDelayMs);
  const balances = new BalancesService(store);
  const payouts = new PayoutsService(
    store,
    clock,
    events,
    scheduler,
    config.payoutDelays,
    accounts,
    balances,
  );
  const transfers = new TransfersService(store, clock, events, accounts, balances);
  const issuing = new IssuingService(store, clock, events, accounts);
  const authorizations = new AuthorizationsService(store, clock, events, webhooks, issuing);

  registerFormBodyParser(app);
  registerStripeApi(app, idempotency, logger, traffic, [
    checkoutSessionRoutes(sessions),
    paymentIntentRoutes(paymentIntents, findById),
    payoutRoutes(payouts, findById),
    accountRoutes(accounts, findById),
    transferRoutes(transfers, findById),
    balanceRoutes(balances),
    issuingRoutes(issuing),
    authorizationRoutes(authorizations),
    eventRoutes(events, findById),
  ]);
  registerPayPageRoutes(app, sessions, clock, logger);
  registerSandboxRoutes(app, { store, scheduler, webhooks, publicUrl });

  scheduler.start();
  const housekeeping = setInterval(() => {
    sessions.expireOverdue();
    idempotency.prune();
  }, config.expirySweepMs);
  housekeeping.unref();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (config.publicUrl === null) publicUrl.set(url);

  return {
    app,
    url,
    port,
    store,
    sessions,
    payouts,
    accounts,
    transfers,
    balances,
    events,
    webhooks,
    scheduler,
    async close() {
      clearInterval(housekeeping);
      await app.close();
      await scheduler.stop();
      store.flush();
    },
  };
}
