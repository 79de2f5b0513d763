import { Injectable } from '@nestjs/common';

import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

export type Tx = Prisma.TransactionClient;

@Injectable()
export class UserRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByEmail(email: string) {
    return this.prisma.user.findUnique({ where: { email } });
  }

  findById(id: string) {
    return this.prisma.user.findUnique({ where: { id }, select: { id: true, email: true, fullName: true } });
  }

  /** null when there is no such user. */
  async updateProfile(id: string, data: { fullName: string; phoneNumber: string }) {
    const updated = await this.prisma.user.updateMany({ where: { id }, data });
    return updated.count === 0 ? null : this.findById(id);
  }

  create(tx: Tx, data: { email: string; fullName: string; passwordHash: string }) {
    return tx.user.create({ data, select: { id: true, email: true, fullName: true } });
  }
}
