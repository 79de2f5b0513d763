import { AuthRpc, type DeleteAccountRequest, PaymentsRpc, PotsRpc } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { signedInCaller } from '../rpc/signed-in-caller';

const IN_FLIGHT_TOP_UPS = new Set(['pending', 'processing']);

/**
 * Account deletion. Nobody's money may be stranded with a deleted account: the wallet must be empty, no
 * withdrawal or top-up still on its way, every pot the user owns (archived ones too) empty, and nobody
 * owing them or owed by them in any pot. Those are checked first, to say everything to settle at once.
 * Then, once the password is right, payments closes the wallet — the step that orders the deletion with
 * every payment to the person (a closed wallet takes no credit; a wallet with money is not closed) — and
 * only then does auth anonymise the profile and tell the other services. A deletion that fails after the
 * wallet closed leaves it closed (never reopened: auth may have deleted the account after all); trying
 * again finishes it.
 */
@Injectable()
export class AccountDeletionService {
  constructor(private readonly rpc: RpcClient) {}

  async delete(user: AuthenticatedUser, body: DeleteAccountRequest): Promise<void> {
    await this.assertNoMoneyLeft(user);
    await this.rpc.call(AuthRpc.confirmPassword, { userId: user.id, password: body.password });
    await this.rpc.call(PaymentsRpc.closeWallet, { userId: user.id });
    await this.rpc.call(AuthRpc.deleteAccount, { userId: user.id, body });
  }

  private async assertNoMoneyLeft(user: AuthenticatedUser): Promise<void> {
    const caller = signedInCaller(user);
    const [wallet, withdrawals, topUps, pots] = await Promise.all([
      this.rpc.call(PaymentsRpc.getWallet, { caller }),
      this.rpc.call(PaymentsRpc.listWithdrawals, { caller }),
      this.rpc.call(PaymentsRpc.listFundingTransactions, { caller }),
      this.rpc.call(PotsRpc.accountDeletionBlockers, { caller }),
    ]);
    const reasons = [
      wallet.balancePence !== 0 && 'your Kitty wallet still holds money: withdraw it first',
      withdrawals.some(({ status }) => status === 'pending') && 'a withdrawal is still on its way',
      withdrawals.some(({ status }) => status === 'awaiting_approval') &&
        'a withdrawal from a pot is waiting for approval: cancel it first',
      topUps.some(({ status }) => IN_FLIGHT_TOP_UPS.has(status)) && 'a top-up is still being processed',
      pots.ownedPotsWithMoney.length > 0 &&
        `${pots.ownedPotsWithMoney.length === 1 ? 'a pot you own still holds' : 'pots you own still hold'} money (${pots.ownedPotsWithMoney
          .map(({ name }) => name)
          .join(', ')}): withdraw it or settle up first`,
      ...pots.openPositions.map(({ potName, netPence }) =>
        netPence < 0
          ? `you owe ${formatPence(-netPence)} in ${potName}: settle up first`
          : `you are owed ${formatPence(netPence)} in ${potName}: settle up first`,
      ),
    ].filter((reason): reason is string => Boolean(reason));
    if (reasons.length > 0) {
      throw ProblemError.of(
        409,
        'Money left in your account',
        `Your account can be deleted once nothing is left to settle: ${reasons.join('; ')}.`,
      );
    }
  }
}
