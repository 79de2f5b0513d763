import { type ChangedExpense, potTopic } from '@kitty/contracts';
import { LivePublisher } from '@kitty/nest-common';
import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
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

const ABOUT_ONE_EXPENSE = 'kitty:tells-about-one-expense';

/** The expense a command on one expense changed: named by its request, or (a new one) its answer's id. */
function expenseIdOf(request: unknown, answer: unknown): string | null {
  const { expenseId } = (request ?? {}) as { expenseId?: unknown };
  if (typeof expenseId === 'string') return expenseId;
  const { id } = (answer ?? {}) as { id?: unknown };
  return typeof id === 'string' ? id : null;
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
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request: unknown = context.switchToRpc().getData();
    const aboutOneExpense = this.reflector.get<boolean>(ABOUT_ONE_EXPENSE, context.getHandler()) === true;
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        const potId = potIdOf(request, answer);
        const expenseId = aboutOneExpense ? expenseIdOf(request, answer) : null;
        if (potId) await this.tell(potId, expenseId ? { potId, expenseId } : undefined);
        return answer;
      }),
    );
  }

  /**
   * Also for changes no command made (a recurring expense recorded by the schedule). `expense`: the one
   * expense changed, when the change was to one, so tabs read that expense alone.
   */
  async tell(potId: string, expense?: ChangedExpense): Promise<void> {
    try {
      const members = await currentMemberUserIds(this.work.alone, potId);
      await this.live.publish(
        // Guests have no account, so no tab to tell.
        members.flatMap((member) => (member.userId ? [member.userId] : [])),
        [potTopic(potId), 'pots'],
        expense,
      );
    } catch (error) {
      this.logger.warn(`Pot ${potId} changed; its members were not told: ${(error as Error).message}`);
    }
  }
}

/**
 * On a pots command handler: the pot's members' tabs hear of its success. `oneExpense`: the command
 * changes one expense (its request's expenseId, or the new expense it answers), which the notice names.
 */
export const TellsPotMembers = ({ oneExpense = false }: { oneExpense?: boolean } = {}) =>
  applyDecorators(SetMetadata(ABOUT_ONE_EXPENSE, oneExpense), UseInterceptors(PotChangeNotices));
