import '../../money/money.css';
import '../../pots/pots.css';

import {
  BankOutlined,
  DeleteOutlined,
  FileTextOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
  PlusOutlined,
  StarOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { Expense, MemberPosition, PotMember, SettleUpTransfer } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useGetActivePotQuery,
  useGetPotBalancesQuery,
  useGetPotQuery,
  useListExpensesQuery,
  useListPotActivityQuery,
  useListSettlementsQuery,
  useUpdatePotMutation,
} from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { useAppSelector } from '../../app/store';
import { AddFundsDialog } from '../../money/add-funds-dialog';
import { WithdrawDialog } from '../../money/withdraw-dialog';
import { AddGuestDialog } from '../../pots/add-guest-dialog';
import { CardPotLine } from '../../pots/card-pot-line';
import { ExpenseDialog } from '../../pots/expense-dialog';
import { InviteDialog } from '../../pots/invite-dialog';
import { useSetActivePot } from '../../pots/use-set-active-pot';
import { selectCurrentUser } from '../../session/session-slice';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';
import { ActivityPanel } from './activity-panel';
import { ExpensesPanel } from './expenses-panel';
import { ExportCsvButton } from './import-export/export-csv-button';
import { ImportDialog } from './import-export/import-dialog';
import { LeavePot } from './leave-pot';
import { MembersPanel } from './members-panel';
import { PendingPayments } from './pending-payments';
import { PotRulesPanel } from './pot-rules';
import { RecordedPayments } from './recorded-payments';
import { RecurringExpenses } from './recurring-expenses';
import { SettlementDialog } from './settlement-dialog';
import { SpendApprovals } from './spend-approvals';
import { SpendingByCategory } from './spending-by-category';
import { TransactionsPanel } from './transactions-panel';
import { WhoOwesWhom } from './who-owes-whom';
import { WithdrawalApprovals } from './withdrawal-approvals';

// recharts is large: it loads in its own chunk once the pot is on screen.
const ContributionsChart = lazy(() => import('./contributions-chart'));

type ExpenseDialogState = { paidFrom: 'member' | 'pot'; expense?: Expense } | null;

/** /pot/:potId: balance, actions, who owes whom, expenses, transactions, members, stats, activity, chart. */
export default function PotPage() {
  const { potId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useAppSelector(selectCurrentUser);
  const [searchParams, setSearchParams] = useSearchParams();

  const pot = useGetPotQuery(potId, { skip: !potId });
  const balances = useGetPotBalancesQuery(potId, { skip: !potId });
  const expenses = useListExpensesQuery(potId, { skip: !potId });
  const activity = useListPotActivityQuery(potId, { skip: !potId });
  const settlements = useListSettlementsQuery(potId, { skip: !potId });
  const activePot = useGetActivePotQuery();
  const { setActive, pendingPotId } = useSetActivePot();
  const [updatePot, archiving] = useUpdatePotMutation();

  const [expenseDialog, setExpenseDialog] = useState<ExpenseDialogState>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [invitedGuest, setInvitedGuest] = useState<PotMember | null>(null);
  const [addingGuest, setAddingGuest] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [moneyDialog, setMoneyDialog] = useState<'add' | 'withdraw' | null>(null);
  const [settling, setSettling] = useState<SettleUpTransfer | null>(null);

  // A pot that does not exist, is not visible to this user, or cannot be read at all: back home (spec §2,
  // §8). A background re-read that fails (a slow link, a service restarting) keeps the page as last read,
  // with whatever dialog is open: only a 404 — removed from the pot meanwhile — takes the user away.
  const potStatus = pot.isError ? httpStatusOf(pot.error) : undefined;
  const potUnreadable = pot.isError && (!pot.data || potStatus === 404);
  useEffect(() => {
    if (!pot.isError) return;
    if (potStatus === 404) toast.error('Pot not found', problemDetail(pot.error));
    else if (potUnreadable) toast.error('Something went wrong', 'Please try again later.');
    else toast.error('Could not refresh the pot', 'Showing it as last loaded. Reload the page to try again.');
    if (potUnreadable) navigate('/', { replace: true });
  }, [pot.isError, pot.error, potStatus, potUnreadable, navigate, toast]);

  // /pot/:id?action=expense (from /pot-summary's Add Expense) opens the dialog once the pot is here.
  const action = searchParams.get('action');
  useEffect(() => {
    if (!pot.data || !action) return;
    if (action === 'expense' && pot.data.isActive) setExpenseDialog({ paidFrom: 'member' });
    setSearchParams(
      (params) => {
        params.delete('action');
        return params;
      },
      { replace: true },
    );
  }, [pot.data, action, setSearchParams]);

  if (pot.isLoading || potUnreadable) return <PageLoader label="Loading the pot…" />;
  if (!pot.data) {
    return (
      <div className="page not-found">
        <DocumentTitle title="Pot not found" />
        <h1>Pot not found</h1>
        <ButtonLink to="/" type="primary">
          Go back home
        </ButtonLink>
      </div>
    );
  }

  const data = pot.data;
  const isOwner = data.yourRole === 'owner';
  // The pot rules say who withdraws; in an archived pot only its owner can.
  const mayInvite = isOwner || data.rules.inviteRule === 'members';
  const mayWithdraw = isOwner || (data.isActive && data.rules.withdrawRule !== 'owner');
  const isActive = activePot.data?.potId === data.id;
  // An archived pot keeps its record and its money (the owner can still withdraw it) but takes nothing new.
  const archived = !data.isActive;
  const nameOf = (memberId: string) =>
    data.members.find(({ id }) => id === memberId)?.name ?? 'A former member';
  // The latest payment between members that counts: an expense older than it was part of what was settled.
  const lastPaymentAt = (settlements.data ?? [])
    .filter(({ status }) => status === 'confirmed')
    .reduce<string | null>(
      (latest, { createdAt }) => (latest && latest > createdAt ? latest : createdAt),
      null,
    );
  const paidSince = (expense: Expense) =>
    expense.status === 'confirmed' && lastPaymentAt !== null && lastPaymentAt > expense.createdAt;

  // Only a settled pot is closed (the server refuses the rest with the same reason): archived, it takes no
  // payments, so a debt left in it could never be recorded as repaid.
  const archiveBlocker = archiveBlockerOf(balances.data?.positions);

  const archive = async () => {
    try {
      await updatePot({ potId: data.id, updatePotRequest: { isActive: false } }).unwrap();
      toast.success('Pot archived', `${data.name} is no longer listed.`);
      navigate('/', { replace: true });
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  const restore = async () => {
    try {
      await updatePot({ potId: data.id, updatePotRequest: { isActive: true } }).unwrap();
      toast.success('Pot restored', `${data.name} is listed again and takes new expenses.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <div className="page pot-page">
      <DocumentTitle title={data.name} />

      {archived && (
        <Alert
          className="pot-archived-notice"
          type="info"
          showIcon
          title="This pot is archived"
          description={`Its expenses, payments and balances are kept as they were; nothing new can be added.${isOwner && data.balancePence > 0 ? ' You can still withdraw what is left in it.' : ''}`}
          action={
            isOwner && (
              <Button size="small" onClick={restore} loading={archiving.isLoading}>
                Restore pot
              </Button>
            )
          }
        />
      )}

      <header className="panel pot-header">
        <div className="pot-header-text">
          <h1 className="pot-title">
            {data.name}
            {isActive && (
              <Tag color="green" className="pot-active-tag">
                Active pot
              </Tag>
            )}
          </h1>
          {data.description && <p className="muted pot-description">{data.description}</p>}
          <p className="pot-balance">
            <span className="pot-balance-label">Current balance</span>
            <span className="pot-balance-amount">{formatPence(data.balancePence)}</span>
          </p>
          {!archived && <CardPotLine potId={data.id} />}
        </div>
        <div className="pot-actions">
          {!archived && (
            <>
              <Button icon={<PlusCircleOutlined aria-hidden />} onClick={() => setMoneyDialog('add')}>
                Add Funds
              </Button>
              <Button
                icon={<MinusCircleOutlined aria-hidden />}
                onClick={() => setExpenseDialog({ paidFrom: 'pot' })}
              >
                Spend Funds
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setExpenseDialog({ paidFrom: 'member' })}
              >
                Add Expense
              </Button>
            </>
          )}
          {mayWithdraw && (
            <Button icon={<BankOutlined aria-hidden />} onClick={() => setMoneyDialog('withdraw')}>
              Withdraw
            </Button>
          )}
          <ButtonLink to={`/pot/${data.id}/statement`} icon={<FileTextOutlined aria-hidden />}>
            Statement
          </ButtonLink>
          <ButtonLink to={`/pot/${data.id}/withdrawals`} icon={<BankOutlined aria-hidden />}>
            Withdrawals
          </ButtonLink>
          <ExportCsvButton potId={data.id} potName={data.name} />
          {isOwner && !archived && (
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImportOpen(true)}>
              Import
            </Button>
          )}
          {mayInvite && !archived && (
            <Button icon={<UserAddOutlined aria-hidden />} onClick={() => setInviteOpen(true)}>
              Invite Members
            </Button>
          )}
          {!isActive && !archived && (
            <Button
              icon={<StarOutlined aria-hidden />}
              onClick={() => setActive(data)}
              loading={pendingPotId === data.id}
            >
              Set as active pot
            </Button>
          )}
        </div>
      </header>

      <div className="pot-grid-layout">
        <div className="pot-column">
          <Panel title="Who owes whom" id="who-owes-whom">
            <QueryState query={balances} what="balances">
              {balances.data && (
                <WhoOwesWhom
                  potId={data.id}
                  balances={balances.data}
                  yourMemberId={data.yourMemberId}
                  isOwner={isOwner}
                  archived={archived}
                  rules={data.rules}
                  unreachable={data.members.filter(({ email }) => !email).map(({ id }) => id)}
                  onRecordPayment={setSettling}
                />
              )}
            </QueryState>
            {settlements.data && (
              <PendingPayments
                potId={data.id}
                settlements={settlements.data}
                members={data.members}
                yourMemberId={data.yourMemberId}
                isOwner={isOwner}
              />
            )}
            {settlements.data && (
              <RecordedPayments
                potId={data.id}
                settlements={settlements.data}
                members={data.members}
                yourMemberId={data.yourMemberId}
                isOwner={isOwner}
                archived={archived}
              />
            )}
          </Panel>

          <Panel title="Expenses" id="expenses">
            <RecurringExpenses potId={data.id} />
            <QueryState query={expenses} what="expenses">
              {expenses.data && expenses.data.length > 0 ? (
                <ExpensesPanel
                  potId={data.id}
                  expenses={expenses.data}
                  members={data.members}
                  yourUserId={user?.id}
                  yourMemberId={data.yourMemberId}
                  isOwner={isOwner}
                  archived={archived}
                  onEdit={(expense) => setExpenseDialog({ paidFrom: expense.paidFrom, expense })}
                  paidSince={paidSince}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No expenses yet">
                  {!archived && (
                    <Button onClick={() => setExpenseDialog({ paidFrom: 'member' })}>
                      Add the first expense
                    </Button>
                  )}
                </Empty>
              )}
            </QueryState>
          </Panel>

          <Panel title="Recent transactions" id="transactions">
            {data.transactions.length > 0 ? (
              <TransactionsPanel transactions={data.transactions} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No money in or out of the pot yet" />
            )}
          </Panel>

          <Panel title="Put in and share of spending" id="chart">
            {data.contributions.some(
              ({ addedPence, paidPence, sharePence }) =>
                addedPence !== 0 || paidPence !== 0 || sharePence !== 0,
            ) ? (
              <Suspense fallback={<Skeleton.Node active className="chart-skeleton" />}>
                <ContributionsChart contributions={data.contributions} />
              </Suspense>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to chart yet" />
            )}
          </Panel>

          <Panel title="Spending by category" id="categories">
            {data.spendingByCategory.length > 0 ? (
              <SpendingByCategory spending={data.spendingByCategory} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No spending yet" />
            )}
          </Panel>
        </div>

        <div className="pot-column">
          <Panel title="Quick stats" id="stats">
            <dl className="quick-stats">
              <div>
                <dt>Total transactions</dt>
                <dd>{data.stats.totalTransactions}</dd>
              </div>
              <div>
                <dt>Total added</dt>
                <dd>{formatPence(data.stats.totalAddedPence)}</dd>
              </div>
              <div>
                <dt>Total spent</dt>
                <dd>{formatPence(data.stats.totalSpentPence)}</dd>
              </div>
            </dl>
            {data.stats.paidByMembersPence > 0 && (
              <p className="muted quick-stats-note">
                Of which {formatPence(data.stats.paidByMembersPence)} paid by members themselves.
              </p>
            )}
          </Panel>

          <Panel title="Members" id="members">
            <MembersPanel
              potId={data.id}
              members={data.members}
              yourMemberId={data.yourMemberId}
              isOwner={isOwner}
              pendingInvitations={data.pendingInvitations}
              mayInvite={mayInvite && !archived}
              onAddGuest={() => setAddingGuest(true)}
              onInviteGuest={setInvitedGuest}
            />
          </Panel>

          <Panel title="Pot rules" id="rules">
            <PotRulesPanel pot={data} />
            <WithdrawalApprovals potId={data.id} />
            <SpendApprovals pot={data} />
          </Panel>

          <Panel title="Activity" id="activity">
            <QueryState query={activity} what="activity">
              {activity.data && activity.data.length > 0 ? (
                <ActivityPanel entries={activity.data} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activity yet" />
              )}
            </QueryState>
          </Panel>

          {!isOwner && (
            <Panel title="Leave pot" id="leave">
              <LeavePot
                potId={data.id}
                potName={data.name}
                yourNetPence={
                  balances.data?.positions.find(({ memberId }) => memberId === data.yourMemberId)?.netPence
                }
              />
            </Panel>
          )}

          {isOwner && !archived && (
            <Panel title="Manage pot" id="manage">
              <p className="muted">
                Archiving closes a settled pot: it is no longer listed, its history is kept. As the owner you
                cannot leave this pot: archive it once everyone has settled up.
              </p>
              {archiveBlocker && (
                <p className="leave-blocker" id="archive-blocker">
                  {archiveBlocker}
                </p>
              )}
              <Popconfirm
                title={`Archive ${data.name}?`}
                description="It disappears from everyone's list of pots."
                okText="Archive"
                okButtonProps={{ danger: true }}
                onConfirm={archive}
                disabled={archiveBlocker !== null}
              >
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  loading={archiving.isLoading}
                  disabled={archiveBlocker !== null}
                  aria-describedby={archiveBlocker ? 'archive-blocker' : undefined}
                >
                  Archive pot
                </Button>
              </Popconfirm>
            </Panel>
          )}
        </div>
      </div>

      <ExpenseDialog
        open={expenseDialog !== null}
        onClose={() => setExpenseDialog(null)}
        potId={data.id}
        members={data.members}
        balancePence={data.balancePence}
        yourMemberId={data.yourMemberId}
        initialPaidFrom={expenseDialog?.paidFrom}
        expense={expenseDialog?.expense}
        paidSince={expenseDialog?.expense ? paidSince(expenseDialog.expense) : false}
      />
      <InviteDialog
        open={inviteOpen || invitedGuest !== null}
        onClose={() => {
          setInviteOpen(false);
          setInvitedGuest(null);
        }}
        potId={data.id}
        potName={data.name}
        canInvite={mayInvite}
        invitee={invitedGuest ? { name: invitedGuest.name, email: invitedGuest.email } : undefined}
      />
      {addingGuest && <AddGuestDialog potId={data.id} onClose={() => setAddingGuest(false)} />}
      {isOwner && (
        <ImportDialog
          potId={data.id}
          members={data.members}
          open={importOpen}
          onClose={() => setImportOpen(false)}
        />
      )}
      {moneyDialog === 'add' && (
        <AddFundsDialog onClose={() => setMoneyDialog(null)} defaultPotId={data.id} />
      )}
      {moneyDialog === 'withdraw' && (
        <WithdrawDialog onClose={() => setMoneyDialog(null)} pots={[data]} defaultSource={data.id} />
      )}
      {settling && (
        <SettlementDialog
          potId={data.id}
          transfer={settling}
          fromName={nameOf(settling.fromMemberId)}
          toName={nameOf(settling.toMemberId)}
          payerIsYou={settling.fromMemberId === data.yourMemberId}
          payeeIsGuest={data.members.some(({ id, role }) => id === settling.toMemberId && role === 'guest')}
          nameOfMember={nameOf}
          onClose={() => setSettling(null)}
        />
      )}
    </div>
  );
}

/** Why the pot cannot be archived yet (who still owes or is owed), or null when everyone is settled. */
function archiveBlockerOf(positions: readonly MemberPosition[] | undefined): string | null {
  if (!positions) return 'Loading who owes whom…';
  const open = positions
    .filter(({ netPence }) => netPence !== 0)
    .sort((a, b) => a.netPence - b.netPence)
    .map(({ name, netPence }) =>
      netPence < 0 ? `${name} owes ${formatPence(-netPence)}` : `${name} is owed ${formatPence(netPence)}`,
    );
  return open.length === 0 ? null : `Archive is offered once everyone has settled up: ${open.join(', ')}.`;
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A secondary read of the pot: skeleton while loading, an error with Try again, else its content. */
function QueryState({
  query,
  what,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  what: string;
  children: ReactNode;
}) {
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={`Could not load the ${what}`}
        description={problemDetail(query.error) ?? 'Please try again later.'}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
