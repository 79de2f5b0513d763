import { proposeMapping } from './name-matching';

const members = [
  { id: 'ann', name: 'Ann Archer' },
  { id: 'ben', name: 'Ben Hart' },
  { id: 'ben2', name: 'Ben Hartley' },
  { id: 'cat', name: 'Cat Moss' },
  { id: 'cat2', name: 'Cat Mossop' },
];

describe('proposeMapping', () => {
  it("matches a name to the member of that name, or to the one member whose name it begins ('Ann' → 'Ann Archer')", () => {
    expect(proposeMapping(['ann', 'ben  hart', 'Cat Moss', 'An'], members)).toEqual([
      { name: 'ann', memberId: 'ann' },
      { name: 'ben  hart', memberId: 'ben' },
      { name: 'Cat Moss', memberId: 'cat' },
      { name: 'An', memberId: null },
    ]);
  });

  it('leaves a name that fits two members for the person importing', () => {
    expect(proposeMapping(['Ben', 'Cat'], members)).toEqual([
      { name: 'Ben', memberId: null },
      { name: 'Cat', memberId: null },
    ]);
  });

  it("proposes the member chosen for a name at the pot's last import, over any guess by name", () => {
    const remembered = new Map([
      ['ann', 'cat'],
      ['ben', 'ben2'],
    ]);
    expect(proposeMapping(['ANN', ' Ben ', 'Cat Moss'], members, remembered)).toEqual([
      { name: 'ANN', memberId: 'cat' },
      { name: ' Ben ', memberId: 'ben2' },
      { name: 'Cat Moss', memberId: 'cat' },
    ]);
  });

  it('does not propose a remembered member who has left the pot: it guesses by name again', () => {
    const remembered = new Map([['ann', 'gone']]);
    expect(proposeMapping(['Ann'], members, remembered)).toEqual([{ name: 'Ann', memberId: 'ann' }]);
  });
});
