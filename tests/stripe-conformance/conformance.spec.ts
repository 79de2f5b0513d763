import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { StripeSchema } from './stripe-schema';
import { checkTraffic, formatReport, parseTraffic } from './traffic';

const schema = JSON.parse(readFileSync(join(__dirname, 'stripe-schema.json'), 'utf8')) as StripeSchema;

/**
 * The Stripe operations Kitty's services call, and the events they consume: a full run must exercise every
 * one, so that none escapes the check.
 */
const KITTY_OPERATIONS = [
  'POST /v1/checkout/sessions',
  'GET /v1/checkout/sessions/:id',
  'POST /v1/checkout/sessions/:id/expire',
  'GET /v1/events/:id',
  'POST /v1/payouts',
  'GET /v1/payouts/:id',
  'POST /v1/transfers',
  'POST /v1/transfers/:id/reversals',
  'POST /v1/accounts',
  'GET /v1/accounts/:id',
  'POST /v1/accounts/:id',
  'POST /v1/accounts/:id/external_accounts',
  'GET /v1/accounts/:id/external_accounts',
  'POST /v1/issuing/cardholders',
  'POST /v1/issuing/cards',
  'POST /v1/issuing/cards/:id',
];
const KITTY_EVENTS = Object.keys(schema.events);

describe('Stripe conformance of the sandbox traffic of this run', () => {
  const file = process.env.STRIPE_TRAFFIC_FILE;
  const partial = process.env.STRIPE_CONFORMANCE_PARTIAL === '1';
  if (!file) throw new Error('STRIPE_TRAFFIC_FILE: the sandbox’s traffic file (npm test sets it)');
  const secrets = [process.env.STRIPE_WEBHOOK_SECRET, process.env.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
    (secret): secret is string => !!secret,
  );
  // The sandbox creates the file on its first exchange: a filtered run may have made none.
  const traffic = existsSync(file) ? parseTraffic(readFileSync(file, 'utf8')) : [];
  const report = checkTraffic(traffic, schema, secrets);
  process.stdout.write(`\n${formatReport(report, schema)}\n\n`);

  it('every request, response and webhook delivery matches Stripe’s schema', () => {
    expect(report.findings.map((f) => `${f.where}: ${f.message}`)).toEqual([]);
  });

  (partial ? it.skip : it)('exercised every operation Kitty calls and every event it consumes', () => {
    expect(KITTY_OPERATIONS.filter((operation) => !report.operations.has(operation))).toEqual([]);
    expect(KITTY_EVENTS.filter((type) => !report.events.has(type))).toEqual([]);
  });
});
