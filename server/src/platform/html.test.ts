import { describe, expect, it } from 'vitest';
import { appUrl, html } from './html.js';

describe('html mail template', () => {
  it('escapes every value and nests fragments built by itself', () => {
    const name = '<a href="https://evil.test">x</a> & "><script>';
    const inner = html`<strong>${name}</strong>`;
    expect(html`<p>${inner}</p>`.value).toBe(
      '<p><strong>&lt;a href=&quot;https://evil.test&quot;&gt;x&lt;/a&gt; &amp; &quot;&gt;&lt;script&gt;</strong></p>',
    );
  });

  it('takes only links under PUBLIC_URL in an href', () => {
    const base = 'https://fieldbook.example/app';
    expect(html`<a href="${appUrl(base, '/verifyme/a%40b.test/p%22w')}">go</a>`.value).toBe(
      '<a href="https://fieldbook.example/app/verifyme/a%40b.test/p%22w">go</a>',
    );
    expect(() => html`<a href="${'https://evil.test'}">go</a>`).toThrow(/AppUrl/);
    expect(() => html`<a href=${'javascript:alert(1)'}>go</a>`).toThrow(/AppUrl/);
    for (const path of ['//evil.test/x', 'https://evil.test', '/../../x', 'signin']) {
      expect(() => appUrl(base, path), path).toThrow();
    }
  });
});
