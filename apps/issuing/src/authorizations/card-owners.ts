/** How many cards a replica remembers the owner of (a few hundred kB at most). */
export const REMEMBERED_CARDS = 10_000;

/**
 * Whose card a Stripe card is, as this replica last recorded it. A Stripe card is issued to one user and
 * never changes hands, so a remembered owner is never stale: it only lets a decision ask for the owner's
 * spending while the authorisation is recorded, instead of after. The record stays the authority (a card
 * cancelled, deleted or of another account is still refused by it), and a guess it contradicts is dropped.
 * Oldest remembered first out.
 */
export class CardOwners {
  private readonly owners = new Map<string, string>();

  constructor(private readonly capacity = REMEMBERED_CARDS) {}

  ownerOf(cardId: string, account: string | null): string | undefined {
    return this.owners.get(key(cardId, account));
  }

  remember(cardId: string, account: string | null, userId: string): void {
    const at = key(cardId, account);
    this.owners.delete(at);
    this.owners.set(at, userId);
    if (this.owners.size > this.capacity) this.owners.delete(this.owners.keys().next().value as string);
  }
}

// The account is part of the key: the record checks an event's account against the card's own.
const key = (cardId: string, account: string | null) => `${account ?? ''} ${cardId}`;
