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
});
