import { shortenText, sliceText } from './shorten-text';

const WELL_FORMED = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

describe('sliceText', () => {
  it('leaves text within the limit as it is', () => {
    expect(sliceText('Ferry 🚢', 8)).toBe('Ferry 🚢');
  });

  it('never keeps half of a surrogate pair: it cuts before the pair instead', () => {
    expect(sliceText('ab🚢', 3)).toBe('ab');
    expect(sliceText('ab🚢c', 4)).toBe('ab🚢');
  });

  it('gives well-formed text at every limit', () => {
    const text = '🚢a🚢🚢b🚢';
    for (let max = 0; max <= text.length; max += 1) {
      expect(sliceText(text, max)).toMatch(WELL_FORMED);
      expect(sliceText(text, max).length).toBeLessThanOrEqual(max);
    }
  });
});

describe('shortenText', () => {
  it('ends shortened text in an ellipsis, within the limit and well-formed', () => {
    expect(shortenText('abcdef', 4)).toBe('abc…');
    expect(shortenText('ab🚢cd', 4)).toBe('ab…');
    expect(shortenText('abc', 4)).toBe('abc');
  });
});
