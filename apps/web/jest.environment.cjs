// jsdom lacks fetch; give it Node's (undici) fetch family so RTK Query runs as in a browser. The Node
// classes must travel together (a jsdom AbortSignal is not accepted by Node's Request), and Request
// resolves page-relative URLs against the jsdom location, as a browser does.
const { TestEnvironment } = require('jest-environment-jsdom');

class KittyJsdomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const win = this.global;
    class PageRelativeRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, win.location.href) : input, init);
      }
    }
    Object.assign(win, {
      fetch,
      Headers,
      Request: PageRelativeRequest,
      Response,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}

module.exports = KittyJsdomEnvironment;
