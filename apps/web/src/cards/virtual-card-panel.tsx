import './cards.css';

import type { IssuedCard } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useFreezeCardMutation,
  useGetCurrentCardQuery,
  useUnfreezeCardMutation,
} from '@kitty/api-client';
import { useState } from 'react';

import { EyeIcon, EyeInvisibleIcon } from '../ui/inline-icons';
import { PlainButton, PlainButtonLink } from '../ui/plain-button';
import { PlainAlert, PlainSkeleton, PlainTag } from '../ui/plain-display';
import { LockIcon, UnlockIcon } from '../ui/signed-in-icons';
import { useToast } from '../ui/toast';

export const MASKED_NUMBER = '•••• •••• •••• ••••';
const MASKED_EXPIRY = '••/••';

/**
 * What this web app cannot do with the card, said plainly. Adding a card to Apple Pay or Google Pay is
 * push provisioning, which Stripe offers only in its native iOS and Android SDKs; and the full number and
 * security code are shown only through Stripe's Issuing Elements (straight from Stripe to the browser),
 * which this app does not use yet, so it shows neither.
 */
export const WALLET_NOTE =
  'Adding your card to Apple Pay or Google Pay needs a phone app: it cannot be done from this website.';
export const DETAILS_NOTE =
  'Only the last four digits and the expiry date are shown here, never the full card number or security code.';

const STATUS = {
  active: { label: 'Active', color: 'green' },
  inactive: { label: 'Frozen', color: 'blue' },
  canceled: { label: 'Canceled', color: 'default' },
} as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * Home's virtual card panel (spec §2, decisions §16): masked until 'show', which reveals only the last four
 * digits and the expiry (the full number never reaches Kitty's servers or the browser); freeze / unfreeze;
 * the active pot it spends from, changed on the pot cards below; and what a web app cannot do with it.
 */
export function VirtualCardPanel() {
  const card = useGetCurrentCardQuery();

  return (
    <section
      className="panel virtual-card-panel"
      aria-labelledby="virtual-card-title"
      aria-busy={card.isLoading}
    >
      <h2 id="virtual-card-title" className="panel-title">
        Your virtual card
      </h2>
      {card.data ? (
        <CardDetails card={card.data} />
      ) : httpStatusOf(card.error) === 404 ? (
        // Also while it is read again: "no card yet" stays the latest answer until another comes (Home
        // reads it ahead of its code, and a read that ended in an error is always read again).
        <div className="virtual-card-empty">
          <p className="muted">Get a free virtual card that spends from your active pot.</p>
          <PlainButtonLink to="/onboarding" variant="primary">
            Get Your Virtual Card
          </PlainButtonLink>
        </div>
      ) : card.isLoading ? (
        <PlainSkeleton rows={3} label="Loading your card" />
      ) : (
        <PlainAlert
          type="error"
          title="Could not load your card"
          description={problemDetail(card.error) ?? 'Please try again later.'}
          action={<PlainButton onClick={() => void card.refetch()}>Try again</PlainButton>}
        />
      )}
    </section>
  );
}

function CardDetails({ card }: { card: IssuedCard }) {
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const [freeze, freezing] = useFreezeCardMutation();
  const [unfreeze, unfreezing] = useUnfreezeCardMutation();
  const status = STATUS[card.status];
  const frozen = card.status === 'inactive';

  const toggleFreeze = async () => {
    try {
      if (frozen) {
        await unfreeze().unwrap();
        toast.success('Card Unfrozen', 'Your card can be used again.');
      } else {
        await freeze().unwrap();
        toast.success('Card Frozen', 'Purchases are declined until you unfreeze it.');
      }
    } catch (error) {
      toast.error('Error', problemDetail(error) ?? 'Something went wrong: Please try again later.');
    }
  };

  return (
    <>
      <div className={`virtual-card${frozen ? ' virtual-card-frozen' : ''}`}>
        <div className="virtual-card-top">
          <span className="virtual-card-brand">{card.brand}</span>
          <PlainTag color={status.color}>{status.label}</PlainTag>
        </div>
        <p className="virtual-card-number" data-testid="card-number">
          {shown ? `•••• •••• •••• ${card.last4}` : MASKED_NUMBER}
        </p>
        <p className="virtual-card-expiry">
          <span className="virtual-card-label">Expires</span>{' '}
          <span data-testid="card-expiry">
            {shown ? `${twoDigits(card.expMonth)}/${twoDigits(card.expYear % 100)}` : MASKED_EXPIRY}
          </span>
        </p>
      </div>

      <div className="virtual-card-tools">
        <PlainButton aria-pressed={shown} onClick={() => setShown((value) => !value)}>
          {shown ? <EyeInvisibleIcon /> : <EyeIcon />}
          {shown ? 'Hide' : 'Show'}
        </PlainButton>
        {card.status !== 'canceled' && (
          <PlainButton
            onClick={() => void toggleFreeze()}
            loading={freezing.isLoading || unfreezing.isLoading}
          >
            {frozen ? <UnlockIcon /> : <LockIcon />}
            {frozen ? 'Unfreeze Card' : 'Freeze Card'}
          </PlainButton>
        )}
      </div>

      <p className="virtual-card-pot">
        Spends from: <strong>{card.spendsFrom?.name ?? 'No active pot'}</strong>{' '}
        <a href="#your-pots">{card.spendsFrom ? 'Change' : 'Choose a pot'}</a>
      </p>

      <p className="muted virtual-card-limits">
        {DETAILS_NOTE} {WALLET_NOTE}
      </p>
    </>
  );
}
