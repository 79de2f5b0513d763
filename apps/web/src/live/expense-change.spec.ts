import { kittyApiWithTags } from '@kitty/api-client';

import { createAppStore } from '../app/store';
import { anExpense, POT_ID, signedInState } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { changedExpenseOf, placeExpense, refreshExpense } from './expense-change';

const EXPENSE_ID = 'e0000000-0000-4000-8000-000000000009';

describe('changedExpenseOf', () => {
  it('reads the expense a notice names, and nothing from a malformed one', () => {
    expect(changedExpenseOf({ potId: POT_ID, expenseId: EXPENSE_ID })).toEqual({
      potId: POT_ID,
      expenseId: EXPENSE_ID,
    });
    expect(changedExpenseOf(undefined)).toBeNull();
    expect(changedExpenseOf({ potId: POT_ID, expenseId: '../balances' })).toBeNull();
  });
});

describe('placeExpense', () => {
  const older = anExpense({ id: 'old', spentOn: '2026-11-01', createdAt: '2026-11-01T10:00:00.000Z' });
  const sameDay = anExpense({ id: 'same', spentOn: '2026-11-20', createdAt: '2026-11-20T09:00:00.000Z' });
  const newest = anExpense({ id: 'new', spentOn: '2026-11-28', createdAt: '2026-11-28T09:00:00.000Z' });

  it('puts a new expense where the list keeps it: by the day spent, then the later entered first', () => {
    const list = [newest, sameDay, older];
    const added = anExpense({ id: 'added', spentOn: '2026-11-20', createdAt: '2026-11-20T18:00:00.000Z' });
    placeExpense(list, 'added', added);
    expect(list.map(({ id }) => id)).toEqual(['new', 'added', 'same', 'old']);
  });

  it('replaces a changed expense (moving it when its day changed) and drops one no longer listed', () => {
    const list = [newest, sameDay, older];
    placeExpense(list, 'old', { ...older, spentOn: '2026-11-29' });
    expect(list.map(({ id, spentOn }) => `${id} ${spentOn}`)).toEqual([
      'old 2026-11-29',
      'new 2026-11-28',
      'same 2026-11-20',
    ]);
    placeExpense(list, 'same', null);
    expect(list.map(({ id }) => id)).toEqual(['old', 'new']);
  });
});

describe('refreshExpense', () => {
  const listed = anExpense({ id: 'listed', spentOn: '2026-11-01' });
  const added = anExpense({ id: EXPENSE_ID, spentOn: '2026-11-28', description: 'Pizza' });

  let stores: ReturnType<typeof createAppStore>[] = [];
  const aStore = () => {
    const store = createAppStore({ session: signedInState() });
    stores.push(store);
    return store;
  };
  // Drops the cache and its expiry timers, which would otherwise outlive the test.
  afterEach(() => {
    stores.forEach((store) => store.dispatch(kittyApiWithTags.util.resetApiState()));
    stores = [];
  });

  /** A store whose expense list of the pot has been read (as the pot page reads it). */
  async function storeWithList() {
    const store = aStore();
    mockFetch(() => json([listed]));
    await store.dispatch(kittyApiWithTags.endpoints.listExpenses.initiate(POT_ID));
    return store;
  }
  // The store is typed by the API before its endpoints; the state is the same.
  const listOf = (store: ReturnType<typeof createAppStore>) =>
    kittyApiWithTags.endpoints.listExpenses
      .select(POT_ID)(store.getState() as never)
      .data?.map(({ id }) => id);

  it('reads the one expense and puts it into the cached list, without reading the list again', async () => {
    const store = await storeWithList();
    const fetchMock = mockFetch(() => json(added));
    await expect(refreshExpense(store, { potId: POT_ID, expenseId: EXPENSE_ID })).resolves.toBe(true);
    expect(fetchMock.requests.map(pathOf)).toEqual([`/api/pots/${POT_ID}/expenses/${EXPENSE_ID}`]);
    expect(listOf(store)).toEqual([EXPENSE_ID, 'listed']);
  });

  it('takes an expense no longer found (deleted or declined) out of the list', async () => {
    const store = await storeWithList();
    mockFetch(() => problem(404, 'Expense not found'));
    await expect(refreshExpense(store, { potId: POT_ID, expenseId: 'listed' })).resolves.toBe(true);
    expect(listOf(store)).toEqual([]);
  });

  it('leaves the list to be read again when the expense cannot be read', async () => {
    const store = await storeWithList();
    mockFetch(() => problem(503, 'Try again'));
    await expect(refreshExpense(store, { potId: POT_ID, expenseId: EXPENSE_ID })).resolves.toBe(false);
    expect(listOf(store)).toEqual(['listed']);
  });

  it('reads nothing in a tab that shows no list of that pot', async () => {
    const store = aStore();
    const fetchMock = mockFetch(() => json(added));
    await expect(refreshExpense(store, { potId: POT_ID, expenseId: EXPENSE_ID })).resolves.toBe(true);
    expect(fetchMock.requests).toEqual([]);
  });
});
