import {
  type CardStatusChange,
  type IssuedCard,
  type IssuingCardView,
  IssuingRpc,
  PotsRpc,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { signedInCaller } from '../rpc/signed-in-caller';

/**
 * The caller's virtual card: issuing owns the card, pots the active pot it spends from (decisions §7, §17).
 * Every call names the token's user only, so nobody can reach another user's card.
 */
@Injectable()
export class CardsService {
  constructor(private readonly rpc: RpcClient) {}

  async create(user: AuthenticatedUser): Promise<{ created: boolean; card: IssuedCard }> {
    const [{ created, card }, spendsFrom] = await Promise.all([
      this.rpc.call(IssuingRpc.createCard, { caller: signedInCaller(user) }),
      this.spendsFrom(user),
    ]);
    return { created, card: { ...card, spendsFrom } };
  }

  current(user: AuthenticatedUser) {
    return this.shown(user, this.rpc.call(IssuingRpc.getCard, { caller: signedInCaller(user) }));
  }

  setStatus(user: AuthenticatedUser, body: CardStatusChange) {
    return this.shown(user, this.rpc.call(IssuingRpc.setCardStatus, { caller: signedInCaller(user), body }));
  }

  /** The card with its pot, the two read side by side. */
  private async shown(user: AuthenticatedUser, card: Promise<IssuingCardView>): Promise<IssuedCard> {
    const [view, spendsFrom] = await Promise.all([card, this.spendsFrom(user)]);
    return { ...view, spendsFrom };
  }

  /** The caller's active pot with its name; null when they have none (or are no longer in it). */
  private async spendsFrom(user: AuthenticatedUser): Promise<IssuedCard['spendsFrom']> {
    const { potId } = await this.rpc.call(PotsRpc.getActivePot, { caller: signedInCaller(user) });
    if (!potId) return null;
    const { role, potName } = await this.rpc.call(PotsRpc.getMembership, { potId, userId: user.id });
    return role && potName !== null ? { potId, name: potName } : null;
  }
}
