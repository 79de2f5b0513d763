import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';

/** Addresses (by hash: see addressHash) that opted out of every e-mail but security notices. */
@Injectable()
export class EmailOptOutRepository {
  constructor(private readonly prisma: PrismaService) {}

  async isOptedOut(addressHash: string): Promise<boolean> {
    const row = await this.prisma.emailOptOut.findUnique({
      where: { addressHash },
      select: { addressHash: true },
    });
    return row !== null;
  }

  /** Opting out twice (two clicks, a mail client's one-click POST and the page) is one opt-out. */
  async record(addressHash: string): Promise<void> {
    await this.prisma.emailOptOut.createMany({ data: [{ addressHash }], skipDuplicates: true });
  }
}
