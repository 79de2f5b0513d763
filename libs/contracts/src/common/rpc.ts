/** Every request/reply call gives up after this long; the gateway answers 503 instead of hanging. */
export const RPC_TIMEOUT_MS = 5000;

/** Health probe pattern each service answers over the Redis transport. */
export const healthPattern = (service: ServiceName) => `${service}.health.v1`;

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

export interface ServiceHealth {
  service: ServiceName;
  status: 'up';
}
