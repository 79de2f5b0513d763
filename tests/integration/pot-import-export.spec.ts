// Import and export on the 3-replica stack: a Splitwise export previewed and imported by the
// pot's owner, three imports at once across the replicas recording each expense once, a re-import adding
// nothing, the pot's CSV for any member, and nothing for anyone else.
import { api, type ApiResponse, signUpUser } from '../support/api';
import { bearer, potWithMembers } from '../support/pots';

interface ImportPreview {
  format: string;
  expenses: { row: number; description: string; alreadyImported: boolean }[];
  problems: { row: number; message: string }[];
  mapping: { name: string; memberId: string | null }[];
}
interface ImportResult {
  created: number;
  alreadyImported: number;
  problems: { row: number; message: string }[];
  nextIndex: number | null;
  total: number;
}

/** Splitwise's group export: 12 expenses that move balances, one in euros, one with an ambiguous cost. */
function splitwiseExport(names: string[]): string {
  const rows = Array.from({ length: 12 }, (_, index) => {
    const day = String(index + 1).padStart(2, '0');
    return `2026-07-${day},Round ${index + 1},Dining out,9.00,GBP,6.00,-3.00,-3.00`;
  });
  return [
    `Date,Description,Category,Cost,Currency,${names.join(',')}`,
    '',
    ...rows,
    '2026-07-20,Museum,Entertainment,30.00,EUR,20.00,-10.00,-10.00',
    '2026-07-21,Groceries,Groceries,"1,204.00",GBP,802.67,-401.33,-401.34',
    '',
    `2026-07-31,Total balance, , ,GBP,72.00,-36.00,-36.00`,
  ].join('\r\n');
}

describe('import and export', () => {
  it('previews, imports once however many run at once, re-imports nothing, and exports to members only', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Import ${Date.now()}`);
    const [member, another] = others;
    const stranger = await signUpUser({ fullName: 'Stan Stranger' });
    const text = splitwiseExport(['Olive Owner', 'member  1', 'Member 2']);
    const as = (token: string) => bearer(token);
    const preview = (token: string) =>
      api<ImportPreview>(`/api/pots/${pot.id}/import/preview`, {
        method: 'POST',
        body: { text },
        headers: as(token),
      });

    expect((await preview(member.session.accessToken)).status).toBe(403);
    expect((await preview(stranger.session.accessToken)).status).toBe(404);
    const previewed = await preview(owner.session.accessToken);
    expect(previewed.status).toBe(200);
    expect(previewed.body.format).toBe('splitwise-csv');
    expect(previewed.body.expenses).toHaveLength(12);
    expect(previewed.body.mapping.map(({ memberId }) => memberId)).toEqual(pot.members.map(({ id }) => id));
    expect(previewed.body.problems.map(({ row }) => row)).toEqual([15, 16]);

    const mapping = previewed.body.mapping.map(({ name, memberId }) => ({ name, memberId }));
    const importAll = async () => {
      const total = { created: 0, alreadyImported: 0 };
      for (let fromIndex: number | null = 0; fromIndex !== null;) {
        const batch: ApiResponse<ImportResult> = await api<ImportResult>(`/api/pots/${pot.id}/import`, {
          method: 'POST',
          body: { text, format: 'splitwise-csv', mapping, fromIndex },
          headers: as(owner.session.accessToken),
        });
        expect(batch.status).toBe(200);
        total.created += batch.body.created;
        total.alreadyImported += batch.body.alreadyImported;
        fromIndex = batch.body.nextIndex;
      }
      return total;
    };

    // Three imports at once (a double click, another tab): each expense is recorded once.
    await Promise.all([importAll(), importAll(), importAll()]);
    const expenses = await api<{ description: string }[]>(`/api/pots/${pot.id}/expenses`, {
      headers: as(another.session.accessToken),
    });
    expect(expenses.body.filter(({ description }) => description.startsWith('Round '))).toHaveLength(12);
    const balances = await api<{ positions: { netPence: number }[] }>(`/api/pots/${pot.id}/balances`, {
      headers: as(owner.session.accessToken),
    });
    expect(balances.body.positions.map(({ netPence }) => netPence)).toEqual([7_200, -3_600, -3_600]);

    await expect(importAll()).resolves.toEqual({ created: 0, alreadyImported: 12 });
    const again = await preview(owner.session.accessToken);
    expect(again.body.expenses.every(({ alreadyImported }) => alreadyImported)).toBe(true);

    const exported = await api<string>(`/api/pots/${pot.id}/export.csv`, {
      headers: as(another.session.accessToken),
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="kitty-import-\d+-/);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Description,Category,Cost,Currency,Type,Olive Owner,Member 1,Member 2,' +
        'Paid by Olive Owner,Paid by Member 1,Paid by Member 2',
    );
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2},Round \d+,Food and drink,9\.00,GBP,Expense,3\.00,3\.00,3\.00,9\.00,,$/,
    );
    const strangerExport = await api(`/api/pots/${pot.id}/export.csv`, {
      headers: as(stranger.session.accessToken),
    });
    expect(strangerExport.status).toBe(404);
  });

  it('takes a file far above the API’s usual 100 kB body, and refuses one over 1 MB in words', async () => {
    const { pot, owner } = await potWithMembers(1, `Big ${Date.now()}`);
    const send = (text: string) =>
      api<{ detail?: string }>(`/api/pots/${pot.id}/import/preview`, {
        method: 'POST',
        body: { text },
        headers: bearer(owner.session.accessToken),
      });
    const tooLarge = await send('x'.repeat(1_000_001));
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain('The file is too large');
    // 200 kB: read (and found to be no export), not refused as too large a body.
    const unknown = await send(`name,amount\r\n${'Ann,5\r\n'.repeat(30_000)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/Kitty cannot tell what this file is/);
  });
});
