import { topUpReceipt } from './money-notifications';

describe('topUpReceipt', () => {
  it('lists what the printable receipt does: amount, fee, total charged, method, date and reference', () => {
    const receipt = topUpReceipt(
      {
        id: '6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
        user_id: '11111111-1111-4111-8111-111111111111',
        amount_pence: 2000n,
        fee_pence: 40n,
        method: 'apple_pay',
        destination_type: 'pot',
        destination_id: '22222222-2222-4222-8222-222222222222',
        destination_name: 'Lisbon trip',
      },
      new Date('2026-11-29T14:05:00Z'),
    );
    expect(receipt).toEqual([
      { label: 'Added to', value: 'Lisbon trip' },
      { label: 'Amount added', value: '£20.00' },
      { label: 'Platform fee', value: '£0.40' },
      { label: 'Total charged', value: '£20.40' },
      { label: 'Paid with', value: 'Apple Pay' },
      { label: 'Credited', value: '29 Nov 2026, 14:05' },
      { label: 'Reference', value: '6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10' },
    ]);
  });
});
