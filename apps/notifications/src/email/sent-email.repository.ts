import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';

@Injectable()
export class SentEmailRepository {
  constructor(private readonly prisma: PrismaService) {}

  async wasSent(jobId: string): Promise<boolean> {
    return (await this.prisma.sentEmail.findUnique({ where: { jobId }, select: { jobId: true } })) !== null;
  }

  /** A duplicate (the same job run twice at once after a stall) is ignored rather than failing the job. */
  async record(data: { jobId: string; template: string; recipient: string }): Promise<void> {
    await this.prisma.sentEmail.createMany({ data: [data], skipDuplicates: true });
  }
}
