import { appNode, nodeChoice } from './app-node';

describe('nodeChoice', () => {
  it("runs npm test's apps on the images' Node and npm start's on the machine's", () => {
    expect(nodeChoice('test', {})).toBe('shipped');
    expect(nodeChoice('development', {})).toBe('machine');
  });

  it('takes KITTY_NODE over the default, and refuses anything else', () => {
    expect(nodeChoice('test', { KITTY_NODE: 'machine' })).toBe('machine');
    expect(nodeChoice('development', { KITTY_NODE: 'shipped' })).toBe('shipped');
    for (const bad of ['Shipped', 'shipped ', '24', 'true'])
      expect(() => nodeChoice('test', { KITTY_NODE: bad })).toThrow(/KITTY_NODE must be/);
  });
});

describe('appNode', () => {
  it("is this process's own Node when the machine's is chosen, without fetching anything", () => {
    const warn = jest.fn();
    expect(appNode('test', { KITTY_NODE: 'machine' }, warn)).toEqual({
      binary: process.execPath,
      label: `Node ${process.version} (this machine's)`,
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
