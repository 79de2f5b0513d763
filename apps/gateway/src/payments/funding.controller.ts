import {
  CheckoutSessionCreated,
  CreateCheckoutSessionRequest,
  FeeQuote,
  FundingSession,
  FundingSessionQuery,
  FundingTransaction,
  PaymentsRpc,
  TopUpAmount,
} from '@kitty/contracts';
import { parseOrThrow, RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RequiresVerifiedEmail } from '../auth/verified-email';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { IdempotencyKeyParam, Idempotent } from '../idempotency/idempotent.decorator';
import { signedInCaller } from '../rpc/signed-in-caller';

/** Query strings are text: a whole number of pence is turned into a number, anything else fails as an amount. */
const FeeQuoteQuery = z
  .object({
    amountPence: z.preprocess(
      (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
      TopUpAmount,
    ),
  })
  .strict();

const SessionIdParam = FundingSessionQuery.shape.sessionId;

@Controller('funding')
@ApiTags('funding')
@ApiBearerAuth()
@ApiProblems(401)
export class FundingController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('checkout-sessions')
  @ApiOperation({
    operationId: 'createCheckoutSession',
    summary: 'Start a top-up: a Stripe Checkout Session for the amount plus the fee (verified users)',
  })
  @ApiBody({ schema: schemaRef(CreateCheckoutSessionRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(CheckoutSessionCreated) })
  @ApiProblems(400, 403, 404)
  @RequiresVerifiedEmail('add funds')
  @Idempotent()
  createCheckoutSession(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(CreateCheckoutSessionRequest) body: CreateCheckoutSessionRequest,
    @IdempotencyKeyParam() idempotencyKey: string,
  ) {
    return this.rpc.call(PaymentsRpc.createCheckoutSession, {
      caller: signedInCaller(user),
      body,
      idempotencyKey,
    });
  }

  @Get('sessions/:sessionId')
  @ApiOperation({
    operationId: 'getFundingSession',
    summary: "One of the caller's top-ups by Checkout Session id (polled by the success page)",
  })
  @ApiOkResponse({ schema: schemaRef(FundingSession) })
  @ApiProblems(400, 404)
  getSession(@CurrentUser() user: AuthenticatedUser, @Param('sessionId') sessionId: string) {
    return this.rpc.call(PaymentsRpc.getFundingSession, {
      caller: signedInCaller(user),
      sessionId: parseOrThrow(SessionIdParam, sessionId),
    });
  }

  @Post('top-ups/:topUpId/cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelTopUp',
    summary: "Cancel one of the caller's unpaid top-ups (the payer left Stripe's page with Cancel)",
  })
  @ApiOkResponse({ schema: schemaRef(FundingTransaction) })
  @ApiProblems(400, 404, 409)
  cancelTopUp(@CurrentUser() user: AuthenticatedUser, @UuidParam('topUpId') topUpId: string) {
    return this.rpc.call(PaymentsRpc.cancelTopUp, { caller: signedInCaller(user), topUpId });
  }

  @Get('fee-quote')
  @ApiOperation({
    operationId: 'quoteFee',
    summary: 'The fee the caller would pay on an amount (2% UK, 6% otherwise)',
  })
  @ApiQuery({
    name: 'amountPence',
    required: true,
    schema: { type: 'integer', minimum: 100, maximum: 500000 },
  })
  @ApiOkResponse({ schema: schemaRef(FeeQuote) })
  @ApiProblems(400)
  quoteFee(@CurrentUser() user: AuthenticatedUser, @Query() query: unknown) {
    const { amountPence } = parseOrThrow(FeeQuoteQuery, query);
    return this.rpc.call(PaymentsRpc.quoteFee, { caller: signedInCaller(user), amountPence });
  }

  @Get('top-ups/:topUpId')
  @ApiOperation({ operationId: 'getTopUp', summary: "One of the caller's top-ups (its receipt)" })
  @ApiOkResponse({ schema: schemaRef(FundingTransaction) })
  @ApiProblems(400, 404)
  getTopUp(@CurrentUser() user: AuthenticatedUser, @UuidParam('topUpId') topUpId: string) {
    return this.rpc.call(PaymentsRpc.getTopUp, { caller: signedInCaller(user), topUpId });
  }

  @Get('transactions')
  @ApiOperation({ operationId: 'listFundingTransactions', summary: "The caller's top-ups, newest first" })
  @ApiOkResponse({ schema: arrayOf(FundingTransaction) })
  listTransactions(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PaymentsRpc.listFundingTransactions, { caller: signedInCaller(user) });
  }
}
