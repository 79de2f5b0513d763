import { useGetActivePotQuery, useListPotsQuery } from '@kitty/api-client';

/**
 * Which pot card payments come from, said where a pot is shown: the active pot (decisions §7) is chosen by
 * the user and never changes behind their back, so a pot that is not it says which one is.
 */
export function useCardPot(): { potId: string | null; name: string | null; loaded: boolean } {
  const active = useGetActivePotQuery();
  const pots = useListPotsQuery();
  const potId = active.data?.potId ?? null;
  const name = pots.data?.find((pot) => pot.id === potId)?.name ?? null;
  return { potId, name, loaded: active.isSuccess };
}

/** The words for pot `potId`: card payments come from it, from another pot (named), or from none yet. */
export function cardPotWords(potId: string, cardPot: { potId: string | null; name: string | null }): string {
  if (cardPot.potId === potId) return 'Card payments come from this pot: it is your active pot.';
  if (cardPot.potId && cardPot.name) return `Card payments come from ${cardPot.name}, your active pot.`;
  return 'Card payments come from no pot yet: set one as your active pot.';
}

export function CardPotLine({ potId }: { potId: string }) {
  const cardPot = useCardPot();
  if (!cardPot.loaded) return null;
  return (
    <p className="muted card-pot-line" data-testid="card-pot">
      {cardPotWords(potId, cardPot)}
    </p>
  );
}
