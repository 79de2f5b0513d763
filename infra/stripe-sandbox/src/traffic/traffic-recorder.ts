import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import { FormObject } from '../core/form-body';

/** One `/v1` call as the sandbox answered it. */
export interface ApiExchange {
  kind: 'api';
  /** Method and route pattern, e.g. `GET /v1/checkout/sessions/:id`; the raw path when no route matched. */
  operation: string;
  /** False when no route matched (the sandbox answered 404 as Stripe does for an unknown URL). */
  routed: boolean;
  account: string | null;
  params: FormObject;
  status: number;
  /** The JSON body sent back. */
  response: unknown;
}

/** One signed webhook POST as it left the sandbox. */
export interface WebhookDelivery {
  kind: 'webhook';
  endpoint: string;
  headers: Record<string, string>;
  /** The body exactly as signed. */
  payload: string;
}

export type TrafficEntry = ApiExchange | WebhookDelivery;

/** Where the sandbox reports its traffic: a file for the conformance suite, or nowhere. */
export interface TrafficSink {
  record(entry: TrafficEntry): void;
}

export const noTraffic: TrafficSink = { record: () => undefined };

/**
 * Appends every API exchange and webhook delivery to a JSON-lines file, one entry per line, so that
 * tests/stripe-conformance can check them against Stripe's schema after a test run. Synchronous, so an
 * entry is on disk before its answer leaves: a run that ends right after a call still has it.
 */
export class TrafficFile implements TrafficSink {
  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
  }

  record(entry: TrafficEntry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}
