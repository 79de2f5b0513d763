import { appNode, nodeChoice } from './app-node';

describe('nodeChoice', () => {
  it("runs the apps on the images' Node by default, for npm start as for npm test", () => {
    expect(nodeChoice({})).toBe('shipped');
  });

  it('takes KITTY_NODE over the default, and refuses anything else', () => {
    expect(nodeChoice({ KITTY_NODE: 'machine' })).toBe('machine');
    expect(nodeChoice({ KITTY_NODE: 'shipped' })).toBe('shipped');
    for (const bad of ['Shipped', 'shipped ', '24', 'true'])
      expect(() => nodeChoice({ KITTY_NODE: bad })).toThrow(/KITTY_NODE must be/);
  });
});

describe('appNode', () => {
  it("is this process's own Node when the machine's is chosen, without fetching anything", () => {
    const warn = jest.fn();
    expect(appNode({ KITTY_NODE: 'machine' }, warn)).toEqual({
      binary: process.execPath,
      label: `Node ${process.version} (this machine's)`,
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
