// Checks what the Stripe sandbox recorded (infra/stripe-sandbox/src/traffic) against Stripe's schema.
import Stripe from 'stripe';

import { SchemaChecker, StripeSchema, Violation } from './stripe-schema';

/** One line of the sandbox's traffic file. */
export type TrafficEntry =
  | {
      kind: 'api';
      operation: string;
      routed: boolean;
      account: string | null;
      params: Record<string, unknown>;
      status: number;
      response: unknown;
    }
  | { kind: 'webhook'; endpoint: string; headers: Record<string, string>; payload: string };

/** A distinct finding: where it was seen (operation or event type, and which part) and how often. */
export interface Finding extends Violation {
  where: string;
  count: number;
}

export interface TrafficReport {
  /** API calls and webhook deliveries checked. */
  checked: number;
  /** How many times each operation and each event type was seen. */
  operations: Map<string, number>;
  events: Map<string, number>;
  findings: Finding[];
}

/** Webhook signing secrets: a delivery must verify with one of them, as Stripe's SDK checks it. */
export type SigningSecrets = string[];

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function checkTraffic(
  entries: TrafficEntry[],
  schema: StripeSchema,
  secrets: SigningSecrets,
): TrafficReport {
  const checker = new SchemaChecker(schema);
  const findings = new Map<string, Finding>();
  const add = (where: string, violations: Violation[]) => {
    for (const violation of violations) {
      const key = `${where}|${violation.kind}|${violation.path}`;
      const existing = findings.get(key);
      if (existing) existing.count += 1;
      else findings.set(key, { ...violation, where, count: 1 });
    }
  };
  const operations = new Map<string, number>();
  const events = new Map<string, number>();
  const stripe = new Stripe('sk_test_conformance');

  for (const entry of entries) {
    if (entry.kind === 'api') {
      operations.set(entry.operation, (operations.get(entry.operation) ?? 0) + 1);
      const operation = schema.operations[entry.operation];
      if (!entry.routed || !operation) {
        add(entry.operation, [
          {
            kind: 'unknown',
            path: '',
            message: entry.routed
              ? 'no schema for this operation: add it to generate-schema.mjs'
              : 'not an operation of Stripe’s API (the sandbox answered 404)',
          },
        ]);
        continue;
      }
      add(`${entry.operation} request`, checker.check(entry.params, operation.params, 'form'));
      // Errors have Stripe's error envelope, not the resource: only answers that succeeded carry one.
      if (entry.status >= 200 && entry.status < 300)
        add(`${entry.operation} response`, checker.check(entry.response, operation.response, 'wire'));
    } else {
      const event = JSON.parse(entry.payload) as { type?: unknown; api_version?: unknown };
      const type = String(event.type);
      events.set(type, (events.get(type) ?? 0) + 1);
      const where = `event ${type}`;
      add(where, deliveryViolations(entry, stripe, secrets, schema.source.apiVersion, event.api_version));
      const eventSchema = schema.events[type];
      if (eventSchema) add(where, checker.check(event, eventSchema, 'wire'));
      else
        add(where, [
          {
            kind: 'unknown',
            path: 'type',
            message: 'no schema for this event type: add it to generate-schema.mjs',
          },
        ]);
    }
  }
  return { checked: entries.length, operations, events, findings: [...findings.values()] };
}

/** The delivery itself: JSON as Stripe posts it, signed so that the SDK verifies it, in the pinned version. */
function deliveryViolations(
  entry: Extract<TrafficEntry, { kind: 'webhook' }>,
  stripe: Stripe,
  secrets: SigningSecrets,
  apiVersion: string,
  eventVersion: unknown,
): Violation[] {
  const out: Violation[] = [];
  const header = (name: string) =>
    Object.entries(entry.headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
  if (header('content-type') !== JSON_CONTENT_TYPE)
    out.push({
      kind: 'type',
      path: 'Content-Type',
      message: `Content-Type is '${header('content-type')}'; Stripe sends ${JSON_CONTENT_TYPE}`,
    });
  const signature = header('stripe-signature');
  const verifies = (secret: string) => {
    try {
      stripe.webhooks.constructEvent(entry.payload, signature, secret, Number.MAX_SAFE_INTEGER);
      return true;
    } catch {
      return false;
    }
  };
  if (!/^t=\d+,v1=[0-9a-f]{64}$/.test(signature) || (secrets.length > 0 && !secrets.some(verifies)))
    out.push({
      kind: 'type',
      path: 'Stripe-Signature',
      message: 'Stripe-Signature is not `t=<unix>,v1=<hex>` verifying with the endpoint’s secret',
    });
  if (eventVersion !== apiVersion)
    out.push({
      kind: 'enum',
      path: 'api_version',
      message: `api_version is '${String(eventVersion)}'; Kitty pins ${apiVersion}`,
    });
  return out;
}

/** Parses the sandbox's JSON-lines file. */
export function parseTraffic(text: string): TrafficEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TrafficEntry);
}

/** The report as the phase prints it: each distinct finding once, with how often it was seen. */
export function formatReport(report: TrafficReport, schema: StripeSchema): string {
  const { source } = schema;
  const lines = [
    `Stripe conformance against ${source.package} (API ${source.apiVersion}, OpenAPI ${source.openapi})`,
  ];
  const byWhere = new Map<string, Finding[]>();
  for (const finding of report.findings)
    byWhere.set(finding.where, [...(byWhere.get(finding.where) ?? []), finding]);
  for (const [where, findings] of [...byWhere].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${where}: ${findings.length}`);
    for (const f of findings.sort((a, b) => a.path.localeCompare(b.path)))
      lines.push(`    ${f.kind.padEnd(9)} ${f.message}${f.count > 1 ? ` (×${f.count})` : ''}`);
  }
  const seen = (counts: Map<string, number>) =>
    [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => `    ${name} ×${count}`);
  lines.push(`  ${report.operations.size} operations:`, ...seen(report.operations));
  lines.push(`  ${report.events.size} event types:`, ...seen(report.events));
  lines.push(`operations checked ${report.checked} · violations ${report.findings.length}`);
  return lines.join('\n');
}
