// The services the medium specs drive, on a test database, with what would send e-mail stubbed out: the
// outbox relay is never kicked and the e-mail quota always has room.
import type { OutboxRelay } from '@kitty/nest-common';

import type { PotsConfig } from '../config';
import { UnitOfWork } from '../core/unit-of-work';
import { InvitationService } from '../invitations/invitation.service';
import { PotService } from '../pots/pot.service';
import type { PrismaService } from '../prisma.service';
import { SpendApprovalsService } from '../spend-approvals/spend-approvals.service';

const relay = { kick: () => undefined } as unknown as OutboxRelay;
const quota = { reserve: async () => undefined } as never;

export const invitationServiceOn = (prisma: PrismaService) =>
  new InvitationService(new UnitOfWork(prisma), relay, quota, {
    PUBLIC_URL: 'https://kitty.example',
  } as PotsConfig);

/** Without `invitations`, a pot service whose specs never create a pot with invitations. */
export const potServiceOn = (prisma: PrismaService, invitations = {} as InvitationService) =>
  new PotService(new UnitOfWork(prisma), invitations, relay, quota);

export const spendApprovalsServiceOn = (prisma: PrismaService) =>
  new SpendApprovalsService(new UnitOfWork(prisma), relay);
