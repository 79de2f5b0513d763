import {
  type AcceptInvitationCommand,
  type CreateInvitationCommand,
  PotsRpc,
  type PreviewInvitationQuery,
  type RevokeInvitationCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { done } from '../core/acknowledged';
import { TellsPotMembers } from '../core/pot-change-notices';
import { InvitationService } from './invitation.service';

/**
 * Invitations to a pot: made, revoked, previewed and accepted. Commands marked @TellsPotMembers() tell the
 * pot's members' open tabs once they succeed.
 */
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationService) {}

  @TellsPotMembers()
  @RpcHandler(PotsRpc.createInvitation)
  createInvitation(command: CreateInvitationCommand) {
    return this.invitations.create(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.revokeInvitation)
  async revokeInvitation(command: RevokeInvitationCommand) {
    await this.invitations.revoke(command);
    return done;
  }

  @RpcHandler(PotsRpc.previewInvitation)
  previewInvitation(query: PreviewInvitationQuery) {
    return this.invitations.preview(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.acceptInvitation)
  acceptInvitation(command: AcceptInvitationCommand) {
    return this.invitations.accept(command);
  }
}
