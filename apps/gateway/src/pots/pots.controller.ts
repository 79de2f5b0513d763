import {
  ActivityEntry,
  CreateInvitationRequest,
  CreatePotRequest,
  InvitationCreated,
  PaymentsRpc,
  PotDetail,
  PotsRpc,
  PotSummary,
  UpdatePotRequest,
  UpdatePotRulesRequest,
  WithdrawalApproval,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RequiresVerifiedEmail, VerifiedEmail } from '../auth/verified-email';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

@Controller('pots')
@ApiTags('pots')
@ApiBearerAuth()
@ApiProblems(401)
export class PotsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly verifiedEmail: VerifiedEmail,
  ) {}

  @Post()
  @ApiOperation({ operationId: 'createPot', summary: 'Create a pot (and invite the members listed)' })
  @ApiBody({ schema: schemaRef(CreatePotRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(PotDetail) })
  @ApiProblems(400, 403)
  async create(@CurrentUser() user: AuthenticatedUser, @ZodBody(CreatePotRequest) body: CreatePotRequest) {
    // Anyone may create a pot; inviting the members listed waits for a confirmed address.
    if (body.members.length > 0) await this.verifiedEmail.assert(user, 'invite people');
    return this.rpc.call(PotsRpc.createPot, { caller: signedInCaller(user), body });
  }

  @Get()
  @ApiOperation({ operationId: 'listPots', summary: "The caller's active pots, newest first" })
  @ApiOkResponse({ schema: arrayOf(PotSummary) })
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PotsRpc.listPots, { caller: signedInCaller(user) });
  }

  @Get('archived')
  @ApiOperation({ operationId: 'listArchivedPots', summary: "The caller's archived pots, newest first" })
  @ApiOkResponse({ schema: arrayOf(PotSummary) })
  listArchived(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PotsRpc.listArchivedPots, { caller: signedInCaller(user) });
  }

  @Get(':potId')
  @ApiOperation({ operationId: 'getPot', summary: 'A pot with its members, transactions and stats' })
  @ApiOkResponse({ schema: schemaRef(PotDetail) })
  @ApiProblems(404)
  get(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PotsRpc.getPot, { caller: signedInCaller(user), potId });
  }

  @Patch(':potId')
  @ApiOperation({ operationId: 'updatePot', summary: 'Rename, describe or archive a pot (owner)' })
  @ApiBody({ schema: schemaRef(UpdatePotRequest) })
  @ApiOkResponse({ schema: schemaRef(PotDetail) })
  @ApiProblems(400, 403, 404)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(UpdatePotRequest) body: UpdatePotRequest,
  ) {
    return this.rpc.call(PotsRpc.updatePot, { caller: signedInCaller(user), potId, body });
  }

  @Patch(':potId/rules')
  @ApiOperation({
    operationId: 'updatePotRules',
    summary:
      'Who may withdraw from and spend out of the pot, and above what a second member approves (owner)',
  })
  @ApiBody({ schema: schemaRef(UpdatePotRulesRequest) })
  @ApiOkResponse({ schema: schemaRef(PotDetail) })
  @ApiProblems(400, 403, 404, 409)
  updateRules(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(UpdatePotRulesRequest) body: UpdatePotRulesRequest,
  ) {
    return this.rpc.call(PotsRpc.updateRules, { caller: signedInCaller(user), potId, body });
  }

  @Get(':potId/withdrawal-approvals')
  @ApiOperation({
    operationId: 'listWithdrawalApprovals',
    summary: "The pot's withdrawals waiting for a second member's approval, newest first",
  })
  @ApiOkResponse({ schema: arrayOf(WithdrawalApproval) })
  @ApiProblems(404)
  withdrawalApprovals(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PaymentsRpc.listWithdrawalApprovals, { caller: signedInCaller(user), potId });
  }

  @Post(':potId/invitations')
  @ApiOperation({ operationId: 'createInvitation', summary: 'Invite someone by name and e-mail (owner)' })
  @ApiBody({ schema: schemaRef(CreateInvitationRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(InvitationCreated) })
  @ApiProblems(400, 403, 404)
  @RequiresVerifiedEmail('invite people')
  invite(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(CreateInvitationRequest) body: CreateInvitationRequest,
  ) {
    return this.rpc.call(PotsRpc.createInvitation, { caller: signedInCaller(user), potId, body });
  }

  @Delete(':potId/invitations/:invitationId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'revokeInvitation', summary: 'Cancel a pending invitation (owner)' })
  @ApiProblems(403, 404)
  async revoke(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('invitationId') invitationId: string,
  ) {
    await this.rpc.call(PotsRpc.revokeInvitation, { caller: signedInCaller(user), potId, invitationId });
  }

  @Delete(':potId/members/:memberId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeMember', summary: 'Remove a member whose balance is settled (owner)' })
  @ApiProblems(403, 404, 409)
  async removeMember(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('memberId') memberId: string,
  ) {
    await this.rpc.call(PotsRpc.removeMember, { caller: signedInCaller(user), potId, memberId });
  }

  @Post(':potId/leave')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'leavePot',
    summary: 'Leave a pot once your position is zero (members; the owner archives instead)',
  })
  @ApiProblems(404, 409)
  async leave(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    await this.rpc.call(PotsRpc.leavePot, { caller: signedInCaller(user), potId });
  }

  @Get(':potId/activity')
  @ApiOperation({ operationId: 'listPotActivity', summary: "The pot's activity feed, newest first" })
  @ApiOkResponse({ schema: arrayOf(ActivityEntry) })
  @ApiProblems(404)
  activity(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PotsRpc.listActivity, { caller: signedInCaller(user), potId });
  }
}
