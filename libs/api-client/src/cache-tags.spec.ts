import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';

import { baseApi } from './base-api';
import { potTags } from './cache-tags';
import { kittyApi } from './generated/kitty-api';

// Node's Request rejects relative URLs; a browser resolves them against the page.
class PageRelativeRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://kitty.test') : input, init);
  }
}

function aStore() {
  const session = createSlice({ name: 'session', initialState: { accessToken: 't' }, reducers: {} });
  return configureStore({
    reducer: combineReducers({ session: session.reducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

const POT = '11111111-1111-4111-8111-111111111111';
const OTHER_POT = '22222222-2222-4222-8222-222222222222';

describe('cache tags', () => {
  const realRequest = globalThis.Request;
  let fetchMock: jest.SpyInstance;
  const calls = () =>
    fetchMock.mock.calls.map(([request]) => {
      const { method, url } = request as Request;
      return `${method} ${new URL(url).pathname}`;
    });

  beforeEach(() => {
    globalThis.Request = PageRelativeRequest;
    fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { method } = input as Request;
      return Response.json(method === 'GET' ? [] : { id: 'x', potId: POT }, { status: 200 });
    });
  });

  afterEach(() => {
    globalThis.Request = realRequest;
    fetchMock.mockRestore();
  });

  // Subscriptions stay open: unsubscribing would leave RTK Query's 60 s cache-removal timers running.
  it('lists every pot read a change in a pot can alter', () => {
    expect(potTags(POT).map(({ type }) => type)).toEqual([
      'Pot',
      'Balances',
      'Expenses',
      'Activity',
      'PotList',
    ]);
  });

  it("refetches the pot's reads and the pots list after an expense, and leaves other pots alone", async () => {
    const store = aStore();
    const subscriptions = [
      store.dispatch(kittyApi.endpoints.getPot.initiate(POT)),
      store.dispatch(kittyApi.endpoints.getPotBalances.initiate(POT)),
      store.dispatch(kittyApi.endpoints.listExpenses.initiate(POT)),
      store.dispatch(kittyApi.endpoints.listPotActivity.initiate(POT)),
      store.dispatch(kittyApi.endpoints.listPots.initiate()),
      store.dispatch(kittyApi.endpoints.getPot.initiate(OTHER_POT)),
    ];
    await Promise.all(subscriptions);
    fetchMock.mockClear();

    await store.dispatch(
      kittyApi.endpoints.createExpense.initiate({
        potId: POT,
        'Idempotency-Key': 'key-1',
        createExpenseRequest: {
          description: 'Dinner',
          amountPence: 1000,
          paidFrom: 'pot',
          split: { mode: 'equal', members: [{ memberId: POT }] },
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(calls().sort()).toEqual(
      [
        `POST /api/pots/${POT}/expenses`,
        `GET /api/pots/${POT}`,
        `GET /api/pots/${POT}/balances`,
        `GET /api/pots/${POT}/expenses`,
        `GET /api/pots/${POT}/activity`,
        'GET /api/pots',
      ].sort(),
    );
  });

  it('refetches the active pot after creating a pot or choosing another', async () => {
    const store = aStore();
    const subscription = store.dispatch(kittyApi.endpoints.getActivePot.initiate());
    await subscription;
    fetchMock.mockClear();

    await store.dispatch(kittyApi.endpoints.setActivePot.initiate({ potId: POT }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toEqual(['PUT /api/active-pot', 'GET /api/active-pot']);

    fetchMock.mockClear();
    await store.dispatch(kittyApi.endpoints.createPot.initiate({ name: 'Trip' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toEqual(['POST /api/pots', 'GET /api/active-pot']);
  });

  it('refreshes the joined pot and the pots list when an invitation is accepted', async () => {
    const store = aStore();
    const subscriptions = [
      store.dispatch(kittyApi.endpoints.listPots.initiate()),
      store.dispatch(kittyApi.endpoints.getPot.initiate(POT)),
    ];
    await Promise.all(subscriptions);
    fetchMock.mockClear();

    await store.dispatch(kittyApi.endpoints.acceptInvitation.initiate('token'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(calls().sort()).toEqual([
      'GET /api/pots',
      `GET /api/pots/${POT}`,
      'POST /api/invitations/token/accept',
    ]);
  });

  it("refetches the wallet, withdrawals and the pot's reads after a withdrawal from the pot", async () => {
    const store = aStore();
    const subscriptions = [
      store.dispatch(kittyApi.endpoints.getWallet.initiate()),
      store.dispatch(kittyApi.endpoints.listWithdrawals.initiate()),
      store.dispatch(kittyApi.endpoints.getPot.initiate(POT)),
      store.dispatch(kittyApi.endpoints.getPot.initiate(OTHER_POT)),
    ];
    await Promise.all(subscriptions);
    fetchMock.mockClear();

    await store.dispatch(
      kittyApi.endpoints.createWithdrawal.initiate({
        'Idempotency-Key': 'key-2',
        createWithdrawalRequest: { amountPence: 100, source: { type: 'pot', potId: POT } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(calls().sort()).toEqual(
      ['POST /api/withdrawals', 'GET /api/wallet', 'GET /api/withdrawals', `GET /api/pots/${POT}`].sort(),
    );
  });

  it('refetches the wallet, pots and top-ups once a funding session reads as succeeded', async () => {
    const store = aStore();
    const subscriptions = [
      store.dispatch(kittyApi.endpoints.getWallet.initiate()),
      store.dispatch(kittyApi.endpoints.listPots.initiate()),
      store.dispatch(kittyApi.endpoints.listFundingTransactions.initiate()),
    ];
    await Promise.all(subscriptions);

    for (const status of ['processing', 'succeeded']) {
      fetchMock.mockClear();
      fetchMock.mockImplementation(async (input) =>
        Response.json(new URL((input as Request).url).pathname.includes('/sessions/') ? { status } : []),
      );
      await store.dispatch(kittyApi.endpoints.getFundingSession.initiate(`cs_${status}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const refetched = calls().filter((call) => !call.includes('/sessions/'));
      expect(refetched.sort()).toEqual(
        status === 'succeeded' ? ['GET /api/funding/transactions', 'GET /api/pots', 'GET /api/wallet'] : [],
      );
    }
  });

  it('re-reads the card when the active pot changes; a card action replaces the cached card without a read', async () => {
    const card = (status: string) => ({
      brand: 'Visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2030,
      status,
      spendsFrom: null,
    });
    fetchMock.mockImplementation(async (input) => {
      const { url } = input as Request;
      return Response.json(new URL(url).pathname.endsWith('/freeze') ? card('inactive') : card('active'));
    });
    const store = aStore();
    const subscription = store.dispatch(kittyApi.endpoints.getCurrentCard.initiate());
    await subscription;

    fetchMock.mockClear();
    await store.dispatch(kittyApi.endpoints.freezeCard.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toEqual(['POST /api/cards/current/freeze']);
    expect(kittyApi.endpoints.getCurrentCard.select()(store.getState()).data?.status).toBe('inactive');

    fetchMock.mockClear();
    await store.dispatch(kittyApi.endpoints.setActivePot.initiate({ potId: POT }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls().sort()).toEqual(['GET /api/cards/current', 'PUT /api/active-pot']);
  });
});
