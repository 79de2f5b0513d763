import { randomUUID } from 'node:crypto';

import {
  type CreateTopUpRequest,
  NotificationsJobs,
  type PaymentsCaller,
  type TopUpRequestCreated,
  type TopUpRequestView,
} from '@kitty/contracts';
import { formatPence, penceFromBigInt } from '@kitty/money';
import { EmailQuota, outboxMessage, OutboxRelay } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PeerServices } from '../peers/peer-services';
import { PrismaService } from '../prisma.service';
import { findReadableRequest } from './top-up-request-access';

/** Request top-up (spec §5, decisions.md §13): ask people by e-mail to add money to a wallet or a pot. */
@Injectable()
export class TopUpRequestService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly peers: PeerServices,
    private readonly relay: OutboxRelay,
    @Inject(PAYMENTS_CONFIG) private readonly config: Pick<PaymentsConfig, 'PUBLIC_URL'>,
    private readonly quota: EmailQuota,
  ) {}

  async create(caller: PaymentsCaller, body: CreateTopUpRequest): Promise<TopUpRequestCreated> {
    const target =
      body.target.type === 'pot'
        ? {
            potId: body.target.potId,
            name: (await this.peers.requireMembership(body.target.potId, caller.userId)).potName,
          }
        : { potId: null, name: `${caller.name}'s Kitty wallet` };
    const recipients = [...new Set(body.recipients.map((email) => email.trim().toLowerCase()))];
    // After the checks that can refuse the request, so a refused request spends none of the allowance.
    await this.quota.reserve(caller, recipients);
    const id = randomUUID();
    const topUpUrl = `${this.config.PUBLIC_URL}/top-up?request=${id}`;

    await this.prisma.$transaction(async (tx) => {
      await tx.topUpRequest.create({
        data: {
          id,
          requesterId: caller.userId,
          requesterName: caller.name,
          amountPence: BigInt(body.amountPence),
          message: body.message,
          targetType: body.target.type,
          potId: target.potId,
          targetName: target.name,
          recipients,
        },
      });
      // One e-mail job per recipient, committed with the request: none is lost, none is sent for a rollback.
      await tx.outboxMessage.createMany({
        data: recipients.map((to) =>
          outboxMessage(NotificationsJobs.sendEmail, {
            template: 'top-up-request',
            to,
            data: {
              requesterName: caller.name,
              amount: formatPence(body.amountPence),
              message: body.message,
              targetName: target.name,
              topUpUrl,
            },
          }),
        ),
      });
    });
    this.relay.kick();
    return { id, recipients: recipients.length };
  }

  async get(caller: PaymentsCaller, requestId: string): Promise<TopUpRequestView> {
    const request = await findReadableRequest(this.prisma, requestId, caller);
    return {
      id: request.id,
      requesterName: request.requesterName,
      amountPence: penceFromBigInt(request.amountPence),
      message: request.message,
      target: { type: request.targetType as 'wallet' | 'pot', name: request.targetName },
      createdAt: request.createdAt.toISOString(),
    };
  }
}
