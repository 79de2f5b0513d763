import { CardOwners } from './card-owners';

describe('CardOwners', () => {
  it('remembers a card by its account: the same card under another account is not known', () => {
    const owners = new CardOwners();
    owners.remember('ic_1', 'acct_a', 'user-1');
    owners.remember('ic_2', null, 'user-2');
    expect(owners.ownerOf('ic_1', 'acct_a')).toBe('user-1');
    expect(owners.ownerOf('ic_1', 'acct_b')).toBeUndefined();
    expect(owners.ownerOf('ic_1', null)).toBeUndefined();
    expect(owners.ownerOf('ic_2', null)).toBe('user-2');
  });

  it('forgets the card used longest ago once full', () => {
    const owners = new CardOwners(2);
    owners.remember('ic_1', null, 'user-1');
    owners.remember('ic_2', null, 'user-2');
    owners.remember('ic_1', null, 'user-1'); // used again: now the newest
    owners.remember('ic_3', null, 'user-3');
    expect(owners.ownerOf('ic_2', null)).toBeUndefined();
    expect(owners.ownerOf('ic_1', null)).toBe('user-1');
    expect(owners.ownerOf('ic_3', null)).toBe('user-3');
  });
});
