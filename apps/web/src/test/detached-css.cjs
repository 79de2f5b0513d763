// antd's CSS-in-JS (@rc-component/util's dynamicCSS) writes its <style> elements into a container outside
// the document. In the document, every getComputedStyle call (Testing Library's role and visibility
// queries make many) had jsdom match each of antd's thousands of rules against the element: 51 % of a
// component test's CPU in nwsapi's selector matching, 5–9 s per ExpenseDialog test. jsdom does no layout,
// so no test could see what those rules do; inline styles (antd's motion, `hidden`) still apply.
// The `.js` path is the real module: the mapping in jest.config.cjs matches the extensionless name only.
const real = require('@rc-component/util/lib/Dom/dynamicCSS.js');

let container;
const detached = (option = {}) => {
  container ??= document.createElement('div');
  return { ...option, attachTo: container };
};

module.exports = {
  ...real,
  injectCSS: (css, option) => real.injectCSS(css, detached(option)),
  updateCSS: (css, key, option) => real.updateCSS(css, key, detached(option)),
  removeCSS: (key, option) => real.removeCSS(key, detached(option)),
};
