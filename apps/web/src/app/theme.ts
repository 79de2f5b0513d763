import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#0b6e4f';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    // antd's default (black at 45%) is 2.9:1 on white, under WCAG AA's 4.5:1 for help texts, counts, empty
    // states and description labels: the app's muted grey is 5.9:1 (antd derives colorTextDescription from it).
    colorTextTertiary: '#5b6770',
    // The default red (#ff4d4f) is 3.2:1 on white for danger buttons and error texts; this one is 5.9:1.
    colorError: '#cf1322',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A coloured tag's text is the 7th tone of its palette on the 1st, about 3:1: the darkest tone of each
    // palette we use meets WCAG AA's 4.5:1 (checked by axe-core in the browser suite).
    Tag: { green7: '#135200', blue7: '#002c8c', gold7: '#613400', orange7: '#612500', red7: '#820014' },
  },
};
