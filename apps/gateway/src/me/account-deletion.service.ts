import { AuthRpc, type DeleteAccountRequest, PaymentsRpc, PotsRpc } from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { signedInCaller } from '../rpc/signed-in-caller';

const IN_FLIGHT_TOP_UPS = new Set(['pending', 'processing']);

/**
 * Account deletion (issue 12 §5). Nobody's money may be stranded with a deleted account: the wallet must
 * be empty, no withdrawal or top-up still on its way, and every pot the user owns (archived ones too)
 * empty. Then auth anonymises the profile and tells the other services.
 */
@Injectable()
export class AccountDeletionService {
  constructor(private readonly rpc: RpcClient) {}

  async delete(user: AuthenticatedUser, body: DeleteAccountRequest): Promise<void> {
    await this.assertNoMoneyLeft(user);
    await this.rpc.call(AuthRpc.deleteAccount, { userId: user.id, body });
  }

  private async assertNoMoneyLeft(user: AuthenticatedUser): Promise<void> {
    const caller = signedInCaller(user);
    const [wallet, withdrawals, topUps, pots] = await Promise.all([
      this.rpc.call(PaymentsRpc.getWallet, { caller }),
      this.rpc.call(PaymentsRpc.listWithdrawals, { caller }),
      this.rpc.call(PaymentsRpc.listFundingTransactions, { caller }),
      this.rpc.call(PotsRpc.listOwnedPotsWithMoney, { caller }),
    ]);
    const reasons = [
      wallet.balancePence !== 0 && 'your Kitty wallet still holds money: withdraw it first',
      withdrawals.some(({ status }) => status === 'pending') && 'a withdrawal is still on its way',
      withdrawals.some(({ status }) => status === 'awaiting_approval') &&
        'a withdrawal from a pot is waiting for approval: cancel it first',
      topUps.some(({ status }) => IN_FLIGHT_TOP_UPS.has(status)) && 'a top-up is still being processed',
      pots.length > 0 &&
        `${pots.length === 1 ? 'a pot you own still holds' : 'pots you own still hold'} money (${pots
          .map(({ name }) => name)
          .join(', ')}): withdraw it or settle up first`,
    ].filter((reason): reason is string => Boolean(reason));
    if (reasons.length > 0) {
      throw ProblemError.of(
        409,
        'Money left in your account',
        `Your account can be deleted once no money is left in it: ${reasons.join('; ')}.`,
      );
    }
  }
}
