import { describe, expect, it } from 'vitest';
import { composeMessageHtml, isEmptyMessage, messageText, messageToComposer, truncateHtml } from './messageHtml';

describe('composeMessageHtml', () => {
  it('escapes text, keeps lines as paragraphs and trims', () => {
    expect(composeMessageHtml('  a < b & c\nsecond  \n')).toBe('<p>a &lt; b &amp; c</p><p>second</p>');
    expect(composeMessageHtml('   \n ')).toBe('');
  });

  it('turns chosen mentions still in the text into mention spans', () => {
    const html = composeMessageHtml('Hi @Anna Acme, see @Carl', [
      { uuid: 'u1', name: 'Anna Acme' },
      { uuid: 'u2', name: 'Bo Gone' },
    ]);
    expect(html).toBe(
      '<p>Hi <span class="mention" data-id="u1" data-name="Anna Acme">@Anna Acme</span>, see @Carl</p>',
    );
  });

  it('makes links clickable with https by default', () => {
    expect(composeMessageHtml('see www.example.com.')).toBe(
      '<p>see <a href="https://www.example.com" target="_blank">www.example.com</a>.</p>',
    );
  });
});

describe('messageToComposer', () => {
  it('gives back the text and the mentions of a stored message', () => {
    const html = composeMessageHtml('Hi @Anna Acme\n\nbye', [{ uuid: 'u1', name: 'Anna Acme' }]);
    expect(messageToComposer(html)).toEqual({ text: 'Hi @Anna Acme\n\nbye', mentions: [{ uuid: 'u1', name: 'Anna Acme' }] });
    expect(messageToComposer('<p>one<br>two</p>').text).toBe('one\ntwo');
  });
});

describe('empty and long messages', () => {
  it('counts a body with only markup as empty', () => {
    expect(isEmptyMessage('<p> <br></p>')).toBe(true);
    expect(isEmptyMessage('<p>x</p>')).toBe(false);
    expect(messageText('<p>a <strong>b</strong></p>')).toBe('a b');
  });

  it('cuts after 600 visible characters, keeping the markup', () => {
    const long = `<p><strong>${'a'.repeat(590)}</strong> ${'b'.repeat(50)}</p><p>tail</p>`;
    const { html, truncated } = truncateHtml(long);
    expect(truncated).toBe(true);
    expect(html.startsWith(`<p><strong>${'a'.repeat(590)}</strong> bbbbbbbbb…</p>`)).toBe(true);
    expect(html).not.toContain('tail');
    expect(truncateHtml('<p>short</p>')).toEqual({ html: '<p>short</p>', truncated: false });
  });
});
