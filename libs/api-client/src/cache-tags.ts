import { type IssuedCard, kittyApi, type Withdrawal } from './generated/kitty-api';

/**
 * Cache tags for the generated endpoints (hand-written: the generator knows nothing of them). Every write
 * to a pot refreshes what it changes: the pot itself (balance, transactions, stats, members, pending
 * invitations), its balances, expenses and activity, and the list of pots (balances and members on Home).
 * `enhanceEndpoints` changes the endpoint definitions in place, so the generated hooks use these tags.
 */
export const TAG_TYPES = [
  'PotList',
  'Pot',
  'Balances',
  'Expenses',
  'Activity',
  'ActivePot',
  'Invitation',
  'Wallet',
  'FundingHistory',
  'Withdrawals',
  'Onboarding',
  'Card',
  'Sessions',
  'Notifications',
] as const;

type PotTag = { type: (typeof TAG_TYPES)[number]; id: string };

/** Everything a change inside pot `potId` can alter. */
export function potTags(potId: string): PotTag[] {
  return [
    { type: 'Pot', id: potId },
    { type: 'Balances', id: potId },
    { type: 'Expenses', id: potId },
    { type: 'Activity', id: potId },
    { type: 'PotList', id: 'LIST' },
  ];
}

const kittyApiWithTagTypes = kittyApi.enhanceEndpoints({ addTagTypes: TAG_TYPES });

/** A card action answers the card as it now is: it becomes the cached card at once (no refetch). */
async function showCard(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: IssuedCard }> },
) {
  const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
  if (data) dispatch(kittyApiWithTagTypes.util.upsertQueryData('getCurrentCard', undefined, data));
}

/** A waiting pot withdrawal decided (or refused: someone else decided first): its pot and the caller's money. */
function withdrawalDecided(result: Withdrawal | undefined) {
  const mine = [
    { type: 'Wallet', id: 'ME' },
    { type: 'Withdrawals', id: 'ME' },
  ] as const;
  return result?.source.potId ? [...potTags(result.source.potId), ...mine] : ['Pot' as const, ...mine];
}

export const kittyApiWithTags = kittyApiWithTagTypes.enhanceEndpoints({
  endpoints: {
    listPots: { providesTags: [{ type: 'PotList', id: 'LIST' }] },
    // Archiving or restoring a pot moves it between the two lists: both follow PotList.
    listArchivedPots: { providesTags: [{ type: 'PotList', id: 'LIST' }] },
    getPot: { providesTags: (_result, _error, potId) => [{ type: 'Pot', id: potId }] },
    getPotBalances: { providesTags: (_result, _error, potId) => [{ type: 'Balances', id: potId }] },
    listExpenses: { providesTags: (_result, _error, potId) => [{ type: 'Expenses', id: potId }] },
    // A recurring expense's next day and count move as it records expenses: it follows them.
    listRecurringExpenses: { providesTags: (_result, _error, potId) => [{ type: 'Expenses', id: potId }] },
    listPotActivity: { providesTags: (_result, _error, potId) => [{ type: 'Activity', id: potId }] },
    // Settlements change with the balances (a new or decided one), so they share the tag.
    listSettlements: { providesTags: (_result, _error, potId) => [{ type: 'Balances', id: potId }] },
    // 'Why?' on a transfer: re-read whenever the pot's balances change under it.
    explainTransfer: { providesTags: (_result, _error, { potId }) => [{ type: 'Balances', id: potId }] },
    getActivePot: { providesTags: [{ type: 'ActivePot', id: 'ME' }] },
    previewInvitation: { providesTags: (_result, _error, token) => [{ type: 'Invitation', id: token }] },

    // A new pot is listed; a creator's first pot becomes their active pot.
    createPot: {
      invalidatesTags: [
        { type: 'PotList', id: 'LIST' },
        { type: 'ActivePot', id: 'ME' },
      ],
    },
    // Archiving also clears it as anyone's active pot.
    updatePot: {
      invalidatesTags: (_result, _error, { potId }) => [...potTags(potId), { type: 'ActivePot', id: 'ME' }],
    },
    updatePotRules: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // Pot withdrawals waiting for approval follow the pot (its live notices re-read them too).
    listWithdrawalApprovals: { providesTags: (_result, _error, potId) => [{ type: 'Pot', id: potId }] },
    createInvitation: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    addGuest: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // Card spending requests follow the pot (its live notices re-read them too).
    listSpendApprovals: { providesTags: (_result, _error, potId) => [{ type: 'Pot', id: potId }] },
    requestSpendApproval: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    approveSpendApproval: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    declineSpendApproval: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    cancelSpendApproval: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    revokeInvitation: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    removeMember: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // Whoever leaves no longer sees the pot (a re-read would be a 404): only their lists and active pot.
    leavePot: {
      invalidatesTags: [
        { type: 'PotList', id: 'LIST' },
        { type: 'ActivePot', id: 'ME' },
      ],
    },
    createExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // Each batch of an import records expenses.
    importPotExpenses: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    createRecurringExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    cancelRecurringExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    updateExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    deleteExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    confirmExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    declineExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // A photo follows its pot's expenses (replaced or removed, it is read again).
    getReceipt: { providesTags: (_result, _error, { potId }) => [{ type: 'Expenses', id: potId }] },
    // A receipt changes the expense (hasReceipt) and the feed.
    attachReceipt: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    removeReceipt: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    updateSettlement: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    undoSettlement: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    confirmSettlement: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    declineSettlement: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    // Paid with Kitty, the money also left the caller's wallet.
    createSettlement: {
      invalidatesTags: (_result, _error, { potId, createSettlementRequest }) => [
        ...potTags(potId),
        ...(createSettlementRequest.payWithKitty ? [{ type: 'Wallet' as const, id: 'ME' }] : []),
      ],
    },
    // A reminder marks its transfer 'reminded today' and adds to the feed; positions do not move.
    remindDebtor: {
      invalidatesTags: (_result, _error, { potId }) => [
        { type: 'Balances', id: potId },
        { type: 'Activity', id: potId },
      ],
    },
    acceptInvitation: {
      invalidatesTags: (result, _error, token) => [
        { type: 'Invitation', id: token },
        { type: 'PotList', id: 'LIST' },
        ...(result ? potTags(result.potId) : []),
      ],
    },
    setActivePot: { invalidatesTags: [{ type: 'ActivePot', id: 'ME' }] },

    // The card shows the active pot it spends from, so a new active pot re-reads it.
    getOnboarding: { providesTags: [{ type: 'Onboarding', id: 'ME' }] },
    // The user's own bank account: the payout account the onboarding page and the Withdraw dialog name.
    getBankAccount: { providesTags: [{ type: 'Onboarding', id: 'BANK' }] },
    setBankAccount: {
      invalidatesTags: [
        { type: 'Onboarding', id: 'BANK' },
        { type: 'Onboarding', id: 'ME' },
        { type: 'Wallet', id: 'ME' },
      ],
    },
    getCurrentCard: {
      providesTags: [
        { type: 'Card', id: 'ME' },
        { type: 'ActivePot', id: 'ME' },
      ],
    },
    createCard: {
      invalidatesTags: [
        { type: 'Card', id: 'ME' },
        { type: 'Onboarding', id: 'ME' },
      ],
    },
    freezeCard: { onQueryStarted: showCard },
    unfreezeCard: { onQueryStarted: showCard },

    // The bell and the list: marking read re-reads them (the count comes with the list).
    listNotifications: { providesTags: [{ type: 'Notifications', id: 'ME' }] },
    markNotificationsRead: { invalidatesTags: [{ type: 'Notifications', id: 'ME' }] },
    getNotificationPreferences: { providesTags: [{ type: 'Notifications', id: 'PREFERENCES' }] },
    // The answer is every preference as saved: it becomes the cached list at once (no refetch).
    updateNotificationPreferences: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(kittyApiWithTagTypes.util.upsertQueryData('getNotificationPreferences', undefined, data));
      },
    },
    listSessions: { providesTags: [{ type: 'Sessions', id: 'ME' }] },
    endSession: { invalidatesTags: [{ type: 'Sessions', id: 'ME' }] },
    endOtherSessions: { invalidatesTags: [{ type: 'Sessions', id: 'ME' }] },
    // Downloads: read fresh every time and not kept; the CSV tables are text, not JSON.
    exportAccount: { keepUnusedDataFor: 0 },
    exportAccountCsv: {
      keepUnusedDataFor: 0,
      query: (dataset: string) => ({ url: `/api/me/export/${dataset}`, responseHandler: 'text' }),
    },
    exportPotCsv: {
      keepUnusedDataFor: 0,
      query: (potId: string) => ({ url: `/api/pots/${potId}/export.csv`, responseHandler: 'text' }),
    },

    getWallet: { providesTags: [{ type: 'Wallet', id: 'ME' }] },
    listFundingTransactions: { providesTags: [{ type: 'FundingHistory', id: 'ME' }] },
    cancelTopUp: { invalidatesTags: [{ type: 'FundingHistory', id: 'ME' }] },
    listWithdrawals: { providesTags: [{ type: 'Withdrawals', id: 'ME' }] },
    listWithdrawalHistory: { providesTags: [{ type: 'Withdrawals', id: 'ME' }] },
    // A pot's withdrawals change with the pot (its live notices re-read them) and with the caller's own.
    listPotWithdrawals: {
      providesTags: (_result, _error, { potId }) => [
        { type: 'Pot', id: potId },
        { type: 'Withdrawals', id: 'ME' },
      ],
    },
    // A new top-up is listed as pending at once.
    createCheckoutSession: { invalidatesTags: [{ type: 'FundingHistory', id: 'ME' }] },
    // The amount is reserved at once (decisions §11).
    createWithdrawal: {
      invalidatesTags: (_result, _error, { createWithdrawalRequest: { source } }) => [
        { type: 'Wallet', id: 'ME' },
        { type: 'Withdrawals', id: 'ME' },
        ...(source?.type === 'pot' ? potTags(source.potId) : []),
      ],
    },
    // Deciding or cancelling a waiting pot withdrawal changes the pot (its list, and its money once approved).
    approveWithdrawal: { invalidatesTags: withdrawalDecided },
    declineWithdrawal: { invalidatesTags: withdrawalDecided },
    cancelWithdrawal: { invalidatesTags: withdrawalDecided },
    // A session read as succeeded has been credited by the webhook: the wallet or a pot has more money.
    getFundingSession: {
      async onQueryStarted(_sessionId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.status !== 'succeeded') return;
        dispatch(
          kittyApiWithTagTypes.util.invalidateTags([
            { type: 'Wallet', id: 'ME' },
            { type: 'FundingHistory', id: 'ME' },
            'PotList',
            'Pot',
            'Activity',
          ]),
        );
      },
    },
  },
});
