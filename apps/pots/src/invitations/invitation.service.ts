import {
  type AcceptInvitationCommand,
  type CreateInvitationCommand,
  INVITATION_TTL_DAYS,
  type InvitationAccepted,
  type InvitationCreated,
  type InvitationPreview,
  NotificationsJobs,
  type PotsCaller,
  type PreviewInvitationQuery,
  type RevokeInvitationCommand,
} from '@kitty/contracts';
import { EmailQuota, outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { recordActivity } from '../core/activity';
import { enqueue } from '../core/outbox.repository';
import { requireMember, requireOpenPot } from '../core/pot-access';
import { announcePotAccess } from '../core/pot-access-announcement';
import { potById } from '../core/pot-rows.repository';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { Invitation, Pot } from '../generated/prisma/client';
import { guestJoining } from '../guests/guests.service';
import { hashInvitationToken, newInvitationToken } from './invitation-token';
import {
  createInvitation,
  invitationByTokenHash,
  invitationWithPot,
  joinPot,
  memberOfPot,
  revokeOpenInvitation,
  takeOverGuest,
  useInvitation,
} from './invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const invitationNotFound = () =>
  ProblemError.of(404, 'Invitation not found', 'This invitation link is not valid. Ask for a new one.');

function statusOf(invitation: Invitation, now = new Date()): InvitationPreview['status'] {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt <= now) return 'expired';
  return 'pending';
}

const UNUSABLE: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask whoever sent it for a new one.',
  revoked: 'This invitation was cancelled by whoever sent it or the pot owner.',
};

@Injectable()
export class InvitationService {
  constructor(
    private readonly work: UnitOfWork,
    private readonly outbox: OutboxRelay,
    private readonly quota: EmailQuota,
    @Inject(POTS_CONFIG) private readonly config: PotsConfig,
  ) {}

  /** Creates the invitation and its e-mail in the caller's transaction (which reserved the e-mail: EmailQuota). */
  async issue(
    tx: Tx,
    pot: Pot,
    caller: PotsCaller,
    invitee: { name: string; email: string },
  ): Promise<InvitationCreated> {
    const { token, hash } = newInvitationToken();
    const invitation = await createInvitation(tx, {
      potId: pot.id,
      tokenHash: hash,
      name: invitee.name,
      email: invitee.email,
      invitedBy: caller.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
    });
    const inviteUrl = new URL(`/invite/${token}`, this.config.PUBLIC_URL).toString();
    await enqueue(
      tx,
      outboxMessage(NotificationsJobs.sendEmail, {
        template: 'pot-invitation',
        to: invitee.email,
        data: {
          inviteeName: invitee.name,
          inviterName: caller.name,
          potName: pot.name,
          inviteUrl,
          expiresAt: invitation.expiresAt.toISOString(),
        },
      }),
    );
    await recordActivity(tx, pot.id, caller, 'invitation.sent', `${caller.name} invited ${invitee.name}`);
    return { id: invitation.id, inviteUrl, expiresAt: invitation.expiresAt.toISOString() };
  }

  async create({ caller, potId, body }: CreateInvitationCommand): Promise<InvitationCreated> {
    const created = await this.work.transaction(async (tx) => {
      const { role } = await requireMember(tx, potId, caller.userId);
      const pot = await potById(tx, potId);
      if (role !== 'owner' && pot.inviteRule !== 'members')
        throw ProblemError.of(403, 'Not allowed', "This pot's rules let only the owner invite people.");
      await requireOpenPot(tx, potId, 'invite people');
      await this.quota.reserve(caller, [body.email]);
      return this.issue(tx, pot, caller, body);
    });
    this.outbox.kick();
    return created;
  }

  async revoke({ caller, potId, invitationId }: RevokeInvitationCommand): Promise<void> {
    await this.work.transaction(async (tx) => {
      const { role } = await requireMember(tx, potId, caller.userId);
      // The owner cancels any invitation, a member the ones they sent; any other is not found.
      const revoked = await revokeOpenInvitation(tx, potId, invitationId, role === 'owner' ? null : caller.userId);
      if (!revoked) throw invitationNotFound();
      await recordActivity(tx, potId, caller, 'invitation.revoked', `${caller.name} cancelled an invitation`);
    });
  }

  async preview({ token }: PreviewInvitationQuery): Promise<InvitationPreview> {
    const invitation = await invitationWithPot(this.work.alone, hashInvitationToken(token));
    if (!invitation) throw invitationNotFound();
    // Members may invite too (the pot's inviteRule): the link names whoever sent it.
    const inviter = await memberOfPot(this.work.alone, invitation.potId, invitation.invitedBy);
    return {
      status: statusOf(invitation),
      potName: invitation.pot.name,
      inviterName: inviter?.name ?? invitation.pot.members[0]?.name ?? 'The pot owner',
      inviteeName: invitation.name,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Single use: the invitation is consumed by one conditional UPDATE, so two accepts cannot both win. A
   * guest's place goes only to the account whose confirmed address the invitation was sent to (guestJoining).
   */
  async accept({ caller, token, confirmedEmail }: AcceptInvitationCommand): Promise<InvitationAccepted> {
    return this.work.transaction(async (tx) => {
      const invitation = await invitationByTokenHash(tx, hashInvitationToken(token));
      if (!invitation) throw invitationNotFound();
      const existing = await memberOfPot(tx, invitation.potId, caller.userId);
      if (existing && !existing.removedAt) return { potId: invitation.potId };

      const unusable = () => {
        const status = statusOf(invitation);
        return ProblemError.of(
          410,
          'Invitation unavailable',
          UNUSABLE[status === 'pending' ? 'accepted' : status],
        );
      };
      if (statusOf(invitation) !== 'pending') throw unusable();
      const guest = existing ? null : await guestJoining(tx, invitation, confirmedEmail);
      if (!(await useInvitation(tx, invitation.id, caller.userId))) throw unusable();
      if (guest) {
        // The guest becomes them: every expense and payment recorded for the guest is now theirs.
        await takeOverGuest(tx, guest.id, { userId: caller.userId, name: caller.name, email: caller.email });
        await recordActivity(
          tx,
          invitation.potId,
          caller,
          'member.joined',
          `${caller.name} joined the pot as the guest ${guest.name}: what was recorded for ${guest.name} is now theirs`,
        );
        await announcePotAccess(tx, invitation.potId);
        return { potId: invitation.potId };
      }
      await joinPot(tx, invitation.potId, { userId: caller.userId, name: caller.name, email: caller.email });
      await recordActivity(tx, invitation.potId, caller, 'member.joined', `${caller.name} joined the pot`);
      await announcePotAccess(tx, invitation.potId);
      return { potId: invitation.potId };
    });
  }
}
