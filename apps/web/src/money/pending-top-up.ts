import type { CheckoutSessionCreated, FundingSession } from '@kitty/api-client';

/** What the payer chose before leaving for Checkout: the return page shows it before the server answers. */
export interface PendingTopUp {
  amountPence: number;
  feePence: number;
  feeRate: number;
  method: FundingSession['method'];
  destinationName: string;
}

/**
 * Kept in localStorage (Checkout may open in another tab, which does not share this one's sessionStorage),
 * under the session's id, and only for the latest few: the return page reads its own and no other.
 */
const KEY = 'kitty.pending-top-ups';
const KEPT = 5;

function readAll(): Record<string, PendingTopUp> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, PendingTopUp>) : {};
  } catch {
    return {};
  }
}

export function rememberPendingTopUp(
  session: CheckoutSessionCreated,
  choice: Pick<PendingTopUp, 'method' | 'destinationName'>,
): void {
  const kept = Object.entries(readAll()).slice(-(KEPT - 1));
  kept.push([
    session.sessionId,
    { amountPence: session.amountPence, feePence: session.feePence, feeRate: session.feeRate, ...choice },
  ]);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage refused: the return page waits for the server's answer instead.
  }
}

/** The top-up this device started as Checkout session `sessionId`, if it did. */
export function pendingTopUp(sessionId: string): PendingTopUp | null {
  const found = readAll()[sessionId];
  return found && typeof found.amountPence === 'number' ? found : null;
}
