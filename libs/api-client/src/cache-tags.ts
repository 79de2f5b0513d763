import { kittyApi } from './generated/kitty-api';

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

export const kittyApiWithTags = kittyApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    listPots: { providesTags: [{ type: 'PotList', id: 'LIST' }] },
    getPot: { providesTags: (_result, _error, potId) => [{ type: 'Pot', id: potId }] },
    getPotBalances: { providesTags: (_result, _error, potId) => [{ type: 'Balances', id: potId }] },
    listExpenses: { providesTags: (_result, _error, potId) => [{ type: 'Expenses', id: potId }] },
    listPotActivity: { providesTags: (_result, _error, potId) => [{ type: 'Activity', id: potId }] },
    getActivePot: { providesTags: [{ type: 'ActivePot', id: 'ME' }] },
    previewInvitation: { providesTags: (_result, _error, token) => [{ type: 'Invitation', id: token }] },

    // A new pot is listed and becomes the creator's active pot (decisions §7).
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
    createInvitation: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    revokeInvitation: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    removeMember: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    createExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    updateExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    deleteExpense: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    createSettlement: { invalidatesTags: (_result, _error, { potId }) => potTags(potId) },
    acceptInvitation: {
      invalidatesTags: (result, _error, token) => [
        { type: 'Invitation', id: token },
        { type: 'PotList', id: 'LIST' },
        ...(result ? potTags(result.potId) : []),
      ],
    },
    setActivePot: { invalidatesTags: [{ type: 'ActivePot', id: 'ME' }] },
  },
});
