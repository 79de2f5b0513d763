import { NestFactory } from '@nestjs/core';

import { FundingController } from './funding/funding.controller';
import { ReconciliationProcessor } from './reconciliation/reconciliation.processor';
import { StripeEventProcessor } from './stripe-events/stripe-event.processor';
import { TopUpRequestController } from './top-up-requests/top-up-request.controller';
import { PayoutProcessor } from './withdrawals/payout.processor';
import { WithdrawalController } from './withdrawals/withdrawal.controller';

describe('AppModule', () => {
  it('wires every controller and worker and starts and stops cleanly', async () => {
    // Isolated from any running stack: its own queue prefix and a database that does not exist, so the
    // workers and the outbox relay it starts can take nothing from anyone.
    // eslint-disable-next-line no-restricted-properties -- the module reads its config at import: set it first.
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: 'sk_test_app_module_spec',
      QUEUE_PREFIX: `payments-app-spec-${process.pid}`,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/kitty_payments_app_spec_absent',
    });
    const { AppModule } = await import('./app.module.js');
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    try {
      for (const type of [
        FundingController,
        WithdrawalController,
        TopUpRequestController,
        StripeEventProcessor,
        PayoutProcessor,
        ReconciliationProcessor,
      ])
        expect(app.get(type)).toBeInstanceOf(type);
    } finally {
      await app.close();
    }
  });
});
