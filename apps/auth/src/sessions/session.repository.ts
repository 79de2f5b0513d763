import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import type { Tx } from '../users/user.repository';

/** The user's signed-in devices; whether a session still works is the refresh tokens' say. */
@Injectable()
export class SessionRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(tx: Tx, data: { id: string; userId: string; userAgent: string | null }) {
    return tx.session.create({ data });
  }

  touch(tx: Tx, id: string, at: Date) {
    return tx.session.updateMany({ where: { id, endedAt: null }, data: { lastSeenAt: at } });
  }

  markEnded(id: string, at = new Date()) {
    return this.prisma.session.updateMany({ where: { id, endedAt: null }, data: { endedAt: at } });
  }

  /** The user's sessions among `ids` that have not ended, most recently used first. */
  listOpen(userId: string, ids: string[]) {
    return this.prisma.session.findMany({
      where: { userId, endedAt: null, id: { in: ids } },
      orderBy: { lastSeenAt: 'desc' },
    });
  }
}
