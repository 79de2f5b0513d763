import '../../money/money.css';
import '../../pots/pots.css';

import type { PotSummary } from '@kitty/api-client';
import { useGetActivePotQuery, useGetPotQuery, useListPotsQuery } from '@kitty/api-client';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppSelector } from '../../app/store';
import { VirtualCardPanel } from '../../cards/virtual-card-panel';
import type { AddFundsDialogProps } from '../../money/add-funds-dialog';
import { BalanceCard } from '../../money/balance-card';
import { WALLET } from '../../money/destinations';
import type { WithdrawDialogProps } from '../../money/withdraw-dialog';
import { ArchivedPots } from '../../pots/archived-pots';
import type { InviteDialogProps } from '../../pots/invite-dialog';
import { PotCard } from '../../pots/pot-card';
import { PotsFetchError } from '../../pots/pots-fetch-error';
import { useSetActivePot } from '../../pots/use-set-active-pot';
import { selectCurrentUser } from '../../session/session-slice';
import { lazyWithAntd, preloadAntdWhenIdle } from '../../ui/lazy-with-antd';
import { DialogLoader } from '../../ui/page-loader';
import { PlainButton, PlainButtonLink } from '../../ui/plain-button';
import { PlainEmpty, PlainSkeleton } from '../../ui/plain-display';
import { PlusIcon, SettingIcon, UserAddIcon } from '../../ui/signed-in-icons';
import { useToast } from '../../ui/toast';

// Home renders no antd; its dialogs (Modal + Form) do, and load with it when opened.
const InviteDialog = lazyWithAntd<InviteDialogProps>(() =>
  import('../../pots/invite-dialog').then((m) => ({ default: m.InviteDialog })),
);
const AddFundsDialog = lazyWithAntd<AddFundsDialogProps>(() =>
  import('../../money/add-funds-dialog').then((m) => ({ default: m.AddFundsDialog })),
);
const WithdrawDialog = lazyWithAntd<WithdrawDialogProps>(() =>
  import('../../money/withdraw-dialog').then((m) => ({ default: m.WithdrawDialog })),
);

/**
 * Home for a signed-in user: the balance card with Add Funds / Withdraw (acting on the active pot,
 * decisions §7), Quick Actions and their pots.
 */
export default function HomePage() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  // Refreshed every 30 s by the balance card: a refresh that fails keeps the pots last read on screen.
  const pots = useListPotsQuery();
  const activePot = useGetActivePotQuery();
  const { setActive, pendingPotId } = useSetActivePot();
  const toast = useToast();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [moneyDialog, setMoneyDialog] = useState<'add' | 'withdraw' | null>(null);
  useEffect(preloadAntdWhenIdle, []);

  const active: PotSummary | undefined = pots.data?.find(({ id }) => id === activePot.data?.potId);
  const ownsActive =
    active?.members.some(({ userId, role }) => userId === user?.id && role === 'owner') ?? false;
  // A member may invite when the pot's rules let members do it (the pot page's read, shared from cache).
  const activeDetail = useGetPotQuery(active?.id ?? '', { skip: !active || ownsActive });
  const mayInvite = ownsActive || activeDetail.data?.rules.inviteRule === 'members';

  const ownedPots = pots.data?.filter(({ createdBy }) => createdBy === user?.id) ?? [];

  // People are invited to a pot: with none active, say so rather than jump somewhere unexplained.
  const invitePeople = () => {
    if (active) {
      setInviteOpen(true);
    } else if (pots.data && pots.data.length > 0) {
      toast.info('Choose a pot first', 'Set the pot you want to invite people to as active below.');
      document.getElementById('your-pots')?.scrollIntoView({ behavior: 'smooth' });
    } else {
      toast.info('Create a pot first', 'People are invited to a pot: create one, then invite them.');
      navigate('/create-pot');
    }
  };

  return (
    <div className="page home">
      <BalanceCard
        paused={moneyDialog !== null}
        onAddFunds={() => setMoneyDialog('add')}
        onWithdraw={() => setMoneyDialog('withdraw')}
      />

      <VirtualCardPanel />

      <section className="panel" aria-labelledby="quick-actions">
        <h1 id="quick-actions" className="panel-title">
          Quick Actions
        </h1>
        <div className="quick-actions">
          <PlainButtonLink to="/create-pot" variant="primary" size="large">
            <PlusIcon />
            Add Pot
          </PlainButtonLink>
          <PlainButton size="large" onClick={invitePeople} loading={pots.isLoading || activePot.isLoading}>
            <UserAddIcon />
            Invite People
          </PlainButton>
          <PlainButtonLink to="/account" size="large">
            <SettingIcon />
            Manage Account
          </PlainButtonLink>
        </div>
      </section>

      <section className="panel" aria-labelledby="your-pots" aria-busy={pots.isLoading}>
        <h2 id="your-pots" className="panel-title">
          Your Pots
        </h2>
        {pots.isLoading ? (
          <div className="pot-grid" aria-label="Loading your pots">
            {[1, 2, 3].map((key) => (
              <div key={key} className="pot-card">
                <PlainSkeleton rows={3} label="Loading a pot" />
              </div>
            ))}
          </div>
        ) : pots.isError && !pots.data ? (
          <PotsFetchError error={pots.error} onRetry={() => pots.refetch()} />
        ) : pots.data && pots.data.length > 0 ? (
          <div className="pot-grid">
            {pots.data.map((pot) => (
              <PotCard
                key={pot.id}
                pot={pot}
                active={pot.id === activePot.data?.potId}
                onSetActive={setActive}
                settingActive={pendingPotId === pot.id}
              />
            ))}
          </div>
        ) : (
          <PlainEmpty description="No pots yet">
            <p className="muted">Create a pot for a trip, a flat or a night out and invite your friends.</p>
            <PlainButtonLink to="/create-pot" variant="primary">
              Create Your First Pot
            </PlainButtonLink>
          </PlainEmpty>
        )}
        <ArchivedPots />
      </section>

      {moneyDialog && (
        <Suspense fallback={<DialogLoader />}>
          {moneyDialog === 'add' ? (
            <AddFundsDialog
              onClose={() => setMoneyDialog(null)}
              defaultPotId={activePot.data?.potId ?? undefined}
            />
          ) : (
            <WithdrawDialog
              onClose={() => setMoneyDialog(null)}
              pots={ownedPots}
              defaultSource={ownsActive && active ? active.id : WALLET}
            />
          )}
        </Suspense>
      )}

      {active && inviteOpen && (
        <Suspense fallback={<DialogLoader />}>
          <InviteDialog
            open={inviteOpen}
            onClose={() => setInviteOpen(false)}
            potId={active.id}
            potName={active.name}
            canInvite={mayInvite}
          />
        </Suspense>
      )}
    </div>
  );
}
