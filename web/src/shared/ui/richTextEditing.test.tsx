import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichTextEditor } from './RichTextEditor';
import { normalizeRichText, richTextFragment } from './richTextEditing';

afterEach(cleanup);

describe('normalizeRichText', () => {
  it.each([
    ['plain text', 'Break tonight', 'Break tonight'],
    ['b and i become strong and em', '<b>Break</b> <i>tonight</i>', '<strong>Break</strong> <em>tonight</em>'],
    ['lines the browser wrote as divs', 'One<div>Two</div><div><br></div>', 'One<div>Two</div><div><br></div>'],
    ['lists', '<ul><li>a</li><li></li></ul>', '<ul><li>a</li></ul>'],
    ['spans and styles go, their text stays', '<span style="color:red" class="x">red</span>', 'red'],
    ['a safe link keeps its address only', '<a href="https://acme.test" target="_blank" onclick="x()">news</a>', '<a href="https://acme.test">news</a>'],
    ['a link without a scheme gets https', '<a href="acme.test">news</a>', '<a href="https://acme.test">news</a>'],
    ['a javascript link keeps its text only', '<a href="javascript:alert(1)">news</a>', 'news'],
    ['scripts go with their content', 'hi<script>alert(1)</script>', 'hi'],
    ['images go', 'hi<img src="x" onerror="alert(1)">', 'hi'],
    ['text is escaped', '1 &lt; 2 &amp; <b>"q"</b>', '1 &lt; 2 &amp; <strong>"q"</strong>'],
    ['a non-breaking space is a space', 'a&nbsp;b', 'a b'],
    ['only markup is nothing', '<p><br></p><div> </div>', ''],
    ['empty', '', ''],
  ])('%s', (_, html, want) => {
    expect(normalizeRichText(html)).toBe(want);
  });
});

describe('richTextFragment', () => {
  it('builds the allow-listed nodes only', () => {
    const host = document.createElement('div');
    host.appendChild(richTextFragment('<p>Hi <b onclick="x()">there</b> <a href="javascript:x()">no</a><img src=x></p>', document));
    expect(host.innerHTML).toBe('<p>Hi <strong>there</strong> no</p>');
  });
});

describe('RichTextEditor', () => {
  it('opens its toolbar’s tooltips below the buttons, off the field’s label above', async () => {
    render(<RichTextEditor ariaLabel="Text" />);
    const buttons = [...screen.getByRole('toolbar').querySelectorAll('button')];
    expect(buttons).toHaveLength(6); // bold, italic, underline, the lists, a link
    for (const button of buttons) fireEvent.mouseEnter(button);
    await waitFor(() => expect(document.querySelectorAll('.ant-tooltip')).toHaveLength(6));
    for (const tip of document.querySelectorAll('.ant-tooltip')) expect(tip.className).toContain('ant-tooltip-placement-bottom');
  });

  it('shows the value, answers what is typed as allow-listed HTML, and shows a value set from outside', () => {
    const changes: string[] = [];
    const view = render(<RichTextEditor ariaLabel="Text" value="<p>Hi <b>all</b></p>" onChange={(html) => changes.push(html)} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    expect(box.innerHTML).toBe('<p>Hi <strong>all</strong></p>');
    expect(screen.getByRole('toolbar').querySelectorAll('button')).toHaveLength(6);

    box.innerHTML = '<p>Hi <b>all</b> <span style="color:red">now</span><img src=x></p>';
    fireEvent.input(box);
    expect(changes).toEqual(['<p>Hi <strong>all</strong> now</p>']);

    box.innerHTML = '<p><br></p>';
    fireEvent.input(box);
    expect(changes.at(-1)).toBe('');

    view.rerender(<RichTextEditor ariaLabel="Text" value="<p>Reset</p>" onChange={(html) => changes.push(html)} />);
    expect(box.innerHTML).toBe('<p>Reset</p>');
    cleanup();
  });
});
