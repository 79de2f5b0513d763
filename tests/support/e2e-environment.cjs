// The browser suites' jest environment: Node's, plus `globalThis.__e2eTestFailed` set while a test's
// afterEach hooks run after it failed, so useChromium prints what the browser saw only then.
const { TestEnvironment } = require('jest-environment-node');

class E2eEnvironment extends TestEnvironment {
  /** @param {import('jest-circus').Event} event */
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__e2eTestFailed = false;
    if (event.name === 'test_fn_failure') this.global.__e2eTestFailed = true;
  }
}

module.exports = E2eEnvironment;
