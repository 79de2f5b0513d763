import {
  ActivePot,
  CardCreation,
  type CardStatusChange,
  type IssuedCard,
  type IssuingCaller,
  IssuingCardView,
  IssuingPatterns,
  Membership,
  PotsPatterns,
  type WalletProvisioningRequest,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';

/**
 * The caller's virtual card: issuing owns the card, pots the active pot it spends from (decisions §7, §17).
 * Every call names the token's user only, so nobody can reach another user's card.
 */
@Injectable()
export class CardsService {
  constructor(private readonly rpc: RpcClient) {}

  async create(user: AuthenticatedUser): Promise<{ created: boolean; card: IssuedCard }> {
    const [{ created, card }, spendsFrom] = await Promise.all([
      this.rpc.send(IssuingPatterns.createCard, { caller: callerOf(user) }, CardCreation),
      this.spendsFrom(user),
    ]);
    return { created, card: { ...card, spendsFrom } };
  }

  current(user: AuthenticatedUser) {
    return this.shown(
      user,
      this.rpc.send(IssuingPatterns.getCard, { caller: callerOf(user) }, IssuingCardView),
    );
  }

  setStatus(user: AuthenticatedUser, body: CardStatusChange) {
    return this.shown(
      user,
      this.rpc.send(IssuingPatterns.setCardStatus, { caller: callerOf(user), body }, IssuingCardView),
    );
  }

  provisionWallet(user: AuthenticatedUser, body: WalletProvisioningRequest) {
    return this.shown(
      user,
      this.rpc.send(IssuingPatterns.provisionWallet, { caller: callerOf(user), body }, IssuingCardView),
    );
  }

  /** The card with its pot, the two read side by side. */
  private async shown(user: AuthenticatedUser, card: Promise<IssuingCardView>): Promise<IssuedCard> {
    const [view, spendsFrom] = await Promise.all([card, this.spendsFrom(user)]);
    return { ...view, spendsFrom };
  }

  /** The caller's active pot with its name; null when they have none (or are no longer in it). */
  private async spendsFrom(user: AuthenticatedUser): Promise<IssuedCard['spendsFrom']> {
    const { potId } = await this.rpc.send(PotsPatterns.getActivePot, { caller: callerOf(user) }, ActivePot);
    if (!potId) return null;
    const { role, potName } = await this.rpc.send(
      PotsPatterns.getMembership,
      { potId, userId: user.id },
      Membership,
    );
    return role && potName !== null ? { potId, name: potName } : null;
  }
}

const callerOf = (user: AuthenticatedUser): IssuingCaller => ({
  userId: user.id,
  email: user.email,
  name: user.name,
});
