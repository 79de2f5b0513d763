import { escapeHtml, html, multiline, SafeHtml } from './html';

describe('html', () => {
  it('escapes every character that could open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes interpolated values but embeds SafeHtml and arrays of it as they are', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"'}">${inner}${[inner, '&']}</p>`.markup).toBe(
      '<p title="&quot;"><b>&lt;i&gt;</b><b>&lt;i&gt;</b>&amp;</p>',
    );
  });

  it('keeps line breaks of plain text as <br>, escaping each line', () => {
    expect(multiline('one <1>\r\ntwo\nthree')).toEqual(new SafeHtml('one &lt;1&gt;<br>two<br>three'));
  });
});
