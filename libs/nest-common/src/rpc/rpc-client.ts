import {
  isProblem,
  RPC_RUNNING_LIMIT_MS,
  RPC_TIMEOUT_MS,
  type RpcContract,
  type RpcReply,
  type RpcRequest,
} from '@kitty/contracts';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { z } from 'zod';

import { ProblemError } from '../errors';
import { rpcClientDuration } from '../metrics';

export const RPC_PROXY = Symbol('RPC_PROXY');

/** What Nest replies when a handler throws something that is not a ProblemError (a bug). */
function isUnhandledServiceError(error: unknown): error is { status: 'error'; message: string } {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 'error';
}

function rpcOutcome(error: unknown): string {
  if (isProblem(error)) return 'problem';
  return error instanceof TimeoutError ? 'timeout' : 'error';
}

/**
 * Request/reply over the Redis request queues. Every call names its contract, so what is sent and what
 * comes back are typed by it, and the reply is parsed by its schema. Every call has a deadline; a
 * service's problem reply is re-thrown as a ProblemError, anything else (timeout, no handler, broken
 * connection, a replica lost mid-request) as a 503.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);

  constructor(@Inject(RPC_PROXY) private readonly proxy: ClientProxy) {}

  call<Contract extends RpcContract>(
    contract: Contract,
    request: RpcRequest<Contract>,
  ): Promise<RpcReply<Contract>> {
    return this.request(contract.pattern, request, contract.reply) as Promise<RpcReply<Contract>>;
  }

  private async request<Reply extends z.ZodType>(
    pattern: string,
    payload: unknown,
    reply: Reply,
  ): Promise<z.infer<Reply>> {
    let result: unknown;
    const timer = rpcClientDuration.startTimer({ pattern });
    try {
      // The transport answers a request no service started by its deadline, and waits for one that started:
      // this is only the last resort of a transport that never answers at all.
      result = await firstValueFrom(
        this.proxy.send(pattern, payload).pipe(timeout(RPC_TIMEOUT_MS + RPC_RUNNING_LIMIT_MS)),
      );
      timer({ outcome: 'ok' });
    } catch (error) {
      timer({ outcome: rpcOutcome(error) });
      if (isProblem(error)) throw new ProblemError(error);
      if (isUnhandledServiceError(error)) {
        this.logger.error(`RPC ${pattern} failed inside the service: ${error.message}`);
        throw ProblemError.of(500, 'Internal error', 'Something went wrong. Please try again later.');
      }
      const reason = error instanceof TimeoutError ? 'no answer from the transport' : String(error);
      this.logger.error(`RPC ${pattern} failed: ${reason}`);
      throw ProblemError.of(503, 'Service unavailable', 'Please try again in a moment.');
    }
    return reply.parse(result);
  }

  async onApplicationShutdown() {
    await this.proxy.close();
  }
}
