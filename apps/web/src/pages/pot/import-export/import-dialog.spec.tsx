import { screen, waitFor } from '@testing-library/react';

import { ANN_MEMBER, BOB_MEMBER, POT_ID, threeMembers } from '../../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../../test/fetch-mock';
import { renderInApp } from '../../../test/render';
import { ImportDialog } from './import-dialog';

const preview = {
  format: 'splitwise-csv',
  expenses: [
    {
      row: 3,
      date: '2026-07-01',
      description: 'Dinner',
      category: 'food',
      amountPence: 6000,
      payers: [{ name: 'Ann Lee', amountPence: 6000 }],
      shares: [
        { name: 'Ann Lee', amountPence: 3000 },
        { name: 'B. Hart', amountPence: 3000 },
      ],
      isPayment: false,
      alreadyImported: false,
    },
  ],
  problems: [{ row: 4, message: 'This expense is in EUR; Kitty imports amounts in pounds (GBP) only.' }],
  mapping: [
    { name: 'Ann Lee', memberId: ANN_MEMBER },
    { name: 'B. Hart', memberId: null },
  ],
};

const chooseFile = async (user: ReturnType<typeof renderInApp>['user']) =>
  user.upload(
    screen.getByLabelText('File to import'),
    new File(['Date,Description,Category,Cost,Currency,Ann Lee,B. Hart\r\n'], 'trip.csv', {
      type: 'text/csv',
    }),
  );

describe('ImportDialog', () => {
  it('previews the file, asks who an unknown name is, imports batch by batch and sums up', async () => {
    const batches = [
      { created: 10, alreadyImported: 0, problems: [preview.problems[0]], nextIndex: 10, total: 12 },
      { created: 1, alreadyImported: 1, problems: [], nextIndex: null, total: 12 },
    ];
    const { requests } = mockFetch(async (request) => {
      if (pathOf(request) === `/api/pots/${POT_ID}/import/preview`) return json(preview);
      if (pathOf(request) === `/api/pots/${POT_ID}/import`) return json(batches.shift());
      return json([]);
    });
    const { user } = renderInApp(
      <ImportDialog potId={POT_ID} members={threeMembers} open onClose={jest.fn()} />,
    );

    await chooseFile(user);
    await screen.findByText('Splitwise CSV export: 1 expenses.');
    expect(
      screen.getByText('Row 4: This expense is in EUR; Kitty imports amounts in pounds (GBP) only.'),
    ).toBeVisible();
    expect(screen.getByText('Choose a member for B. Hart.')).toBeVisible();
    const importButton = screen.getByRole('button', { name: 'Import 1 expenses' });
    expect(importButton).toBeDisabled();

    await user.click(screen.getByLabelText('Member for B. Hart'));
    await user.click(await screen.findByTitle('Bob Hart'));
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    await screen.findByText('11 new, 1 already imported.');
    const sent = requests.filter((request) => pathOf(request) === `/api/pots/${POT_ID}/import`);
    const bodies = await Promise.all(sent.map((request) => request.json()));
    expect(bodies.map((body) => body.fromIndex)).toEqual([0, 10]);
    expect(bodies[0].mapping).toEqual([
      { name: 'Ann Lee', memberId: ANN_MEMBER },
      { name: 'B. Hart', memberId: BOB_MEMBER },
    ]);
  });

  it("starts from the server's proposal: a name chosen at the pot's last import needs no choosing", async () => {
    const remembered = {
      ...preview,
      mapping: [
        { name: 'Ann Lee', memberId: ANN_MEMBER },
        { name: 'B. Hart', memberId: BOB_MEMBER },
      ],
    };
    const { requests } = mockFetch(async (request) => {
      if (pathOf(request) === `/api/pots/${POT_ID}/import/preview`) return json(remembered);
      if (pathOf(request) === `/api/pots/${POT_ID}/import`)
        return json({ created: 1, alreadyImported: 0, problems: [], nextIndex: null, total: 1 });
      return json([]);
    });
    const { user } = renderInApp(
      <ImportDialog potId={POT_ID} members={threeMembers} open onClose={jest.fn()} />,
    );
    await chooseFile(user);
    await screen.findByText('Splitwise CSV export: 1 expenses.');
    expect(screen.queryByText('Choose a member for B. Hart.')).toBeNull();
    expect(screen.getByLabelText('Member for B. Hart').closest('.ant-select')).toHaveTextContent('Bob Hart');
    await user.click(screen.getByRole('button', { name: 'Import 1 expenses' }));
    await screen.findByText('1 new, 0 already imported.');
    const [sent] = requests.filter((request) => pathOf(request) === `/api/pots/${POT_ID}/import`);
    expect((await sent.json()).mapping).toContainEqual({ name: 'B. Hart', memberId: BOB_MEMBER });
  });

  it('says why a file cannot be read', async () => {
    mockFetch(async () => problem(400, 'Kitty cannot tell what this file is.'));
    const { user } = renderInApp(
      <ImportDialog potId={POT_ID} members={threeMembers} open onClose={jest.fn()} />,
    );
    await chooseFile(user);
    await screen.findByText('Kitty cannot tell what this file is.');
  });
});
