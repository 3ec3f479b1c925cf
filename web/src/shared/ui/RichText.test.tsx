import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, safeHref } from './RichText';

afterEach(cleanup);

const html = (source: string) => render(<RichText html={source} />).container.innerHTML;

describe('RichText', () => {
  it('compact (banners) takes the browser’s paragraph and list margins off, by its class', () => {
    expect(render(<RichText html="<p>Break tonight</p>" compact />).container.innerHTML).toBe(
      '<div class="portico-rich-text-compact"><p>Break tonight</p></div>',
    );
    expect(html('<p>Break tonight</p>')).toBe('<div><p>Break tonight</p></div>');
  });

  it('keeps the allowed formatting', () => {
    expect(html('<p>Hello <strong>bold</strong> <em>it</em> <u>u</u><br>next</p><ul><li>one</li></ul>')).toBe(
      '<div><p>Hello <strong>bold</strong> <em>it</em> <u>u</u><br>next</p><ul><li>one</li></ul></div>',
    );
  });

  it('drops scripts, event handlers, styles and unknown tags (keeping their text)', () => {
    const out = html(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><span class="x">!</span></p><h1>Big</h1><style>p{}</style>',
    );
    expect(out).toBe('<div><p>Hi<span>!</span></p>Big</div>');
  });

  it('opens safe links in a new tab and defuses the others', () => {
    expect(html('<a href="https://example.com/x">ok</a>')).toBe(
      '<div><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a></div>',
    );
    expect(html('<a href="example.com">bare</a>')).toBe(
      '<div><a href="https://example.com" target="_blank" rel="noopener noreferrer">bare</a></div>',
    );
    expect(html('<a href="javascript:alert(1)">bad</a>')).toBe('<div>bad</div>');
  });

  it('shows plain text as text, markup characters included', () => {
    expect(html('1 &lt; 2 &amp; <b>3</b>')).toBe('<div>1 &lt; 2 &amp; <b>3</b></div>');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://a.test', 'https://a.test'],
    ['http://a.test', 'http://a.test'],
    ['mailto:x@a.test', 'mailto:x@a.test'],
    ['a.test/path', 'https://a.test/path'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.test', null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
