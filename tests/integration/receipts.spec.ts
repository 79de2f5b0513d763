// Receipt photos through the gateway on the 3-replica stack: attached by who added the
// expense, read by every member as the same bytes, refused when they are not the photo they claim, too
// large, or asked for by a stranger; the expense says it has one.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { bearer, potWithMembers } from '../support/pots';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('receipt photos', () => {
  it('are kept for the pot members, checked for what they are, and removed by who may', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Receipts ${Date.now()}`);
    const [ownerId, oneId] = pot.members.map((member) => member.id);
    const [one, two] = others;
    const expense = await api<{ id: string; hasReceipt: boolean }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Groceries',
        amountPence: 4_200,
        paidFrom: 'member',
        payerMemberId: oneId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: oneId }] },
      },
      headers: { ...bearer(one.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(expense.body.hasReceipt).toBe(false);
    const path = `/api/pots/${pot.id}/expenses/${expense.body.id}/receipt`;
    const put = (token: string, body: unknown) =>
      api<{ detail?: string; sizeBytes?: number }>(path, { method: 'PUT', body, headers: bearer(token) });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusals = await Promise.all([
      put(one.session.accessToken, { contentType: 'image/png', dataBase64: svg.toString('base64') }),
      put(one.session.accessToken, { contentType: 'image/svg+xml', dataBase64: svg.toString('base64') }),
      put(one.session.accessToken, { contentType: 'image/png', dataBase64: 'not base64!' }),
      put(one.session.accessToken, { contentType: 'image/png', dataBase64: PNG_BASE64, name: 'x.png' }),
      put(two.session.accessToken, { contentType: 'image/png', dataBase64: PNG_BASE64 }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 403]);
    expect(refusals[0].body.detail).toBe('That file is not a JPEG, PNG or WebP photo.');
    // A photo over 2 MB (its base64 still within the route's body limit): refused in words.
    const huge = await put(one.session.accessToken, {
      contentType: 'image/jpeg',
      dataBase64: Buffer.alloc(2_050_000, 0xff).toString('base64'),
    });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toContain('A receipt photo can be at most 2 MB.');

    const attached = await put(one.session.accessToken, { contentType: 'image/png', dataBase64: PNG_BASE64 });
    expect(attached.status).toBe(200);
    expect(attached.body.sizeBytes).toBe(Buffer.from(PNG_BASE64, 'base64').length);

    const seen = await api<{ contentType: string; dataBase64: string }>(path, {
      headers: bearer(two.session.accessToken),
    });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect(seen.body).toMatchObject({ contentType: 'image/png', dataBase64: PNG_BASE64 });
    const listed = await api<{ id: string; hasReceipt: boolean }[]>(`/api/pots/${pot.id}/expenses`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(listed.body.find((row) => row.id === expense.body.id)?.hasReceipt).toBe(true);

    const { owner: stranger } = await potWithMembers(0, 'Elsewhere');
    expect((await api(path, { headers: bearer(stranger.session.accessToken) })).status).toBe(404);
    expect((await api(path, { method: 'DELETE', headers: bearer(two.session.accessToken) })).status).toBe(
      403,
    );
    expect((await api(path, { method: 'DELETE', headers: bearer(owner.session.accessToken) })).status).toBe(
      204,
    );
    expect((await api(path, { headers: bearer(one.session.accessToken) })).status).toBe(404);
  }, 60_000);
});
