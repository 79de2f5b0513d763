import { z } from 'zod';

/**
 * A request no service has started within this long is given up (the gateway answers 503, and a service that
 * takes it later drops it unrun), so the caller's 503 means the command never ran.
 */
export const RPC_TIMEOUT_MS = 5000;

/**
 * A request a service has started runs to its end: its caller waits up to this long for the answer, so work
 * that happened is reported rather than told to the user as a failure.
 */
export const RPC_RUNNING_LIMIT_MS = 30_000;

export type ServiceName = 'auth' | 'residency' | 'notifications' | 'pots' | 'payments' | 'issuing';

/** The services the gateway's health check expects to answer. */
export const SERVICE_NAMES: readonly ServiceName[] = [
  'auth',
  'pots',
  'payments',
  'issuing',
  'residency',
  'notifications',
];

/**
 * The service that answers a pattern: its first segment (`pots.pot.create.v1` → pots). Requests are queued
 * per service, so every pattern must start with one.
 */
export function serviceOfPattern(pattern: string): ServiceName {
  const service = pattern.slice(0, pattern.indexOf('.'));
  if (!(SERVICE_NAMES as readonly string[]).includes(service))
    throw new Error(`RPC pattern "${pattern}" does not start with a service name`);
  return service as ServiceName;
}

/**
 * One request/reply call: its pattern, what the handler accepts (parsed on receipt) and what the caller
 * accepts back (parsed on arrival). Callers and handlers both take the contract, never a bare pattern.
 */
export interface RpcContract<Request extends z.ZodType = z.ZodType, Reply extends z.ZodType = z.ZodType> {
  readonly pattern: string;
  readonly service: ServiceName;
  readonly request: Request;
  readonly reply: Reply;
}

export function defineRpc<Request extends z.ZodType, Reply extends z.ZodType>(
  pattern: string,
  request: Request,
  reply: Reply,
): RpcContract<Request, Reply> {
  return { pattern, service: serviceOfPattern(pattern), request, reply };
}

/** What a caller sends (before the handler's parsing) and what it gets back (after its own). */
export type RpcRequest<Contract extends RpcContract> = z.input<Contract['request']>;
export type RpcReply<Contract extends RpcContract> = z.output<Contract['reply']>;

/** The reply of a command that has nothing to return but its success. */
export const Acknowledged = z.object({ ok: z.literal(true) });
export type Acknowledged = z.infer<typeof Acknowledged>;

export const ServiceHealth = z.object({ service: z.enum(SERVICE_NAMES), status: z.literal('up') });
export type ServiceHealth = z.infer<typeof ServiceHealth>;

/** The health probe each service answers over request/reply. */
export const healthRpc = (service: ServiceName) =>
  defineRpc(`${service}.health.v1`, z.object({}).strict(), ServiceHealth);
