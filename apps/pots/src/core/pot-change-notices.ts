import { potTopic } from '@kitty/contracts';
import { LivePublisher } from '@kitty/nest-common';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { mergeMap, type Observable } from 'rxjs';

import { currentMemberUserIds } from './members.repository';
import { UnitOfWork } from './unit-of-work';

/** The pot a command changed: named by its request, or (a new pot, an accepted invitation) by its answer. */
function potIdOf(request: unknown, answer: unknown): string | null {
  for (const value of [request, answer]) {
    if (typeof value !== 'object' || value === null) continue;
    const { potId } = value as { potId?: unknown };
    if (typeof potId === 'string') return potId;
  }
  return null;
}

/**
 * After a pots command succeeds, tells the open tabs of the pot's current members that
 * the pot changed, so expenses, balances, the plan and the feed update in place everywhere. A command's
 * answer has been computed (its transaction committed) when this runs; a failure to tell is logged and
 * never fails the command, whose tabs then catch up by polling.
 */
@Injectable()
export class PotChangeNotices implements NestInterceptor {
  private readonly logger = new Logger(PotChangeNotices.name);

  constructor(
    private readonly work: UnitOfWork,
    private readonly live: LivePublisher,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request: unknown = context.switchToRpc().getData();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        const potId = potIdOf(request, answer);
        if (potId) await this.tell(potId);
        return answer;
      }),
    );
  }

  /** Also for changes no command made (a recurring expense recorded by the schedule). */
  async tell(potId: string): Promise<void> {
    try {
      const members = await currentMemberUserIds(this.work.alone, potId);
      await this.live.publish(
        // Guests have no account, so no tab to tell.
        members.flatMap((member) => (member.userId ? [member.userId] : [])),
        [potTopic(potId), 'pots'],
      );
    } catch (error) {
      this.logger.warn(`Pot ${potId} changed; its members were not told: ${(error as Error).message}`);
    }
  }
}

/** On a pots command handler: the pot's members' tabs hear of its success. */
export const TellsPotMembers = () => UseInterceptors(PotChangeNotices);
