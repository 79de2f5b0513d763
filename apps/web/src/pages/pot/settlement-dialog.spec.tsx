import type { Settlement } from '@kitty/api-client';
import { screen, within } from '@testing-library/react';

import { signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { SettlementDialog } from './settlement-dialog';

const POT = '6d1c4f7e-1b2a-4c3d-9e8f-0a1b2c3d4e5f';
const ANN = 'a0000000-0000-4000-8000-000000000001';
const CAT = 'a0000000-0000-4000-8000-000000000002';
const GUS = 'a0000000-0000-4000-8000-000000000003';
const NAMES: Record<string, string> = { [ANN]: 'Ann Archer', [CAT]: 'Cat Cole', [GUS]: 'Gus Guest' };

describe('SettlementDialog', () => {
  it("names the one the server asks to confirm: the owner for a guest's payment recorded by a member", async () => {
    mockFetch((request) => {
      if (pathOf(request) !== `/api/pots/${POT}/settlements`) return problem(404, 'unexpected');
      const pending: Settlement = {
        id: 'b0000000-0000-4000-8000-000000000001',
        fromMemberId: GUS,
        toMemberId: CAT,
        amountPence: 250,
        paidWithKitty: false,
        status: 'pending',
        awaitingMemberId: ANN,
        createdByName: 'Cat Cole',
        createdAt: '2026-11-29T10:00:00.000Z',
      };
      return json(pending, 201);
    });
    const { user } = renderInApp(
      <SettlementDialog
        potId={POT}
        transfer={{ fromMemberId: GUS, toMemberId: CAT, amountPence: 250 }}
        fromName="Gus Guest"
        toName="Cat Cole"
        payerIsYou={false}
        nameOfMember={(memberId) => NAMES[memberId] ?? 'A former member'}
        onClose={() => undefined}
      />,
      { session: signedInState() },
    );

    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(
      await screen.findByText('Recorded: Gus Guest paid Cat Cole £2.50. Waiting for Ann Archer to confirm.'),
    ).toBeVisible();
  });
});
