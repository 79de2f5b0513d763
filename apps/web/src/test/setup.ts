// From the DOM library: importing @testing-library/react here, before Jest's globals exist, would switch off
// its automatic cleanup between tests.
import { configure } from '@testing-library/dom';

// A test's first render of a lazily loaded page loads that page's modules inside the findBy* that waits for
// it: 9.4 s for /top-up on a CI machine at load 8.5 (2 cores), and CI runs every project at once. So a wait
// may last 30 s (jest.config.cjs gives each test room for several such waits).
configure({ asyncUtilTimeout: 30_000 });

// Browser APIs antd relies on that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom implements getComputedStyle without pseudo-elements and logs an error when asked for one.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => jsdomGetComputedStyle(element);

// jsdom does not scroll; the layout scrolls to the top on navigation.
window.scrollTo = () => undefined;

// jsdom has no MessageChannel (antd's form schedules macrotasks with it). Node's would keep the test process
// alive through open ports, so deliver messages with a timer instead.
class TimerMessagePort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  peer: TimerMessagePort | null = null;
  postMessage(data: unknown) {
    const target = this.peer;
    setTimeout(() => target?.onmessage?.(new MessageEvent('message', { data })), 0);
  }
  close() {
    this.onmessage = null;
  }
}

class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

Object.defineProperty(window, 'MessageChannel', { writable: true, value: TimerMessageChannel });

// jsdom does no layout, so nothing ever resizes.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
