import {
  RequestSpendApprovalRequest,
  SpendApproval,
  type SpendApprovalDecision,
  SpendApprovalsRpc,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

/**
 * Card spending approvals: under a pot's 'approval' rule a member asks before a card payment
 * above its amount, and a second member approves. Answering twice answers the same (the first answer
 * stands), and a request moves no money: no Idempotency-Key.
 */
@Controller('pots/:potId/spend-approvals')
@ApiTags('pots')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class SpendApprovalsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({
    operationId: 'listSpendApprovals',
    summary: "The pot's card spending requests, newest first",
  })
  @ApiOkResponse({ schema: arrayOf(SpendApproval) })
  list(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(SpendApprovalsRpc.list, { caller: signedInCaller(user), potId });
  }

  @Post()
  @ApiOperation({
    operationId: 'requestSpendApproval',
    summary: "Ask a second member's approval for a card payment above the pot's approval amount",
  })
  @ApiBody({ schema: schemaRef(RequestSpendApprovalRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(SpendApproval) })
  @ApiProblems(400, 409, 429)
  request(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(RequestSpendApprovalRequest) body: RequestSpendApprovalRequest,
  ) {
    return this.rpc.call(SpendApprovalsRpc.request, { caller: signedInCaller(user), potId, body });
  }

  @Post(':approvalId/approve')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'approveSpendApproval',
    summary: "Approve another member's card payment request",
  })
  @ApiOkResponse({ schema: schemaRef(SpendApproval) })
  @ApiProblems(403, 409)
  approve(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('approvalId') approvalId: string,
  ) {
    return this.decide(user, potId, approvalId, 'approve');
  }

  @Post(':approvalId/decline')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'declineSpendApproval',
    summary: "Decline another member's card payment request",
  })
  @ApiOkResponse({ schema: schemaRef(SpendApproval) })
  @ApiProblems(403, 409)
  decline(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('approvalId') approvalId: string,
  ) {
    return this.decide(user, potId, approvalId, 'decline');
  }

  @Post(':approvalId/cancel')
  @HttpCode(200)
  @ApiOperation({ operationId: 'cancelSpendApproval', summary: 'Cancel your own card payment request' })
  @ApiOkResponse({ schema: schemaRef(SpendApproval) })
  @ApiProblems(403, 409)
  cancel(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('approvalId') approvalId: string,
  ) {
    return this.decide(user, potId, approvalId, 'cancel');
  }

  private decide(
    user: AuthenticatedUser,
    potId: string,
    approvalId: string,
    decision: SpendApprovalDecision,
  ) {
    return this.rpc.call(SpendApprovalsRpc.decide, {
      caller: signedInCaller(user),
      potId,
      approvalId,
      decision,
    });
  }
}
