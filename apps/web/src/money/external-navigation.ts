/**
 * Leaving the app for Stripe's hosted pages, in one place so that component tests can replace it
 * (jsdom cannot navigate).
 */
export const externalNavigation = {
  /**
   * Opens an empty tab now, while the click still counts as a user gesture (a tab opened after the
   * server's answer would be blocked as a pop-up); `goTo` then points it at the checkout page. Null when
   * the browser refused the tab anyway.
   */
  openBlankTab(): { goTo(url: string): void; close(): void } | null {
    const tab = window.open('', '_blank');
    if (!tab) return null;
    // The hosted page must not be able to reach back into this tab (reverse tabnabbing).
    tab.opener = null;
    return {
      goTo: (url) => tab.location.assign(url),
      close: () => tab.close(),
    };
  },
  /** Replaces this page by `url`. */
  assign(url: string): void {
    window.location.assign(url);
  },
};
