import type { AddGuestCommand, PotMember } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { requireMember, requireOpenPot } from '../core/pot-access';
import { toMember } from '../core/pot-mapper';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { Invitation } from '../generated/prisma/client';
import { addGuest, guestAt, inviteRuleOf, memberNamedOrAt } from './guests.repository';

@Injectable()
export class GuestsService {
  constructor(private readonly work: UnitOfWork) {}

  /**
   * Adds a guest — whoever may invite people may. Nobody in the pot may share their name or
   * e-mail: the two would be told apart by nothing in the records.
   */
  async add({ caller, potId, body }: AddGuestCommand): Promise<PotMember> {
    return this.work.transaction(async (tx) => {
      const { role } = await requireMember(tx, potId, caller.userId);
      if (role !== 'owner' && (await inviteRuleOf(tx, potId)) !== 'members')
        throw ProblemError.of(403, 'Not allowed', "This pot's rules let only the owner add people.");
      await requireOpenPot(tx, potId, 'add guests');
      const name = body.name;
      const email = body.email ?? '';
      const clash = await memberNamedOrAt(tx, potId, name, email);
      if (clash) {
        throw ProblemError.of(
          409,
          'Already in the pot',
          clash.name.toLowerCase() === name.toLowerCase()
            ? `There is already someone called ${clash.name} in this pot. Add the guest with a name that tells them apart.`
            : `${clash.name} in this pot already has the e-mail ${email}.`,
        );
      }
      const guest = await addGuest(tx, potId, { name, email });
      await recordActivity(
        tx,
        potId,
        caller,
        'member.guest_added',
        `${caller.name} added ${name} as a guest`,
      );
      return toMember(guest);
    });
  }
}

/**
 * The guest a joining user becomes: the pot's guest at the address the invitation was sent to, when that is
 * the caller's own confirmed address — the link reached the guest's mailbox and the account is proven to
 * be the guest's. Null: nobody at that address is a guest, and they join as a new member. An address
 * match alone, or an unconfirmed one, hands over nothing: whoever holds the guest's place is owed what
 * was recorded for them, and Kitty pays it to their wallet.
 */
export async function guestJoining(
  tx: Tx,
  invitation: Pick<Invitation, 'potId' | 'email'>,
  confirmedEmail: string | null,
): Promise<{ id: string; name: string } | null> {
  // Every e-mail here went through the Email schema, which lower-cases it.
  const sentTo = invitation.email.toLowerCase();
  const guest = await guestAt(tx, invitation.potId, sentTo);
  if (!guest) return null;
  // Refused before the invitation is used, so the guest can still take it once their address is confirmed.
  if (confirmedEmail?.toLowerCase() !== sentTo) {
    throw ProblemError.of(
      403,
      'Confirm your e-mail',
      `This invitation is for ${guest.name} at ${sentTo}. To take over what was recorded for ${guest.name}, ` +
        `join with the Kitty account for ${sentTo} once that address is confirmed.`,
    );
  }
  return guest;
}
