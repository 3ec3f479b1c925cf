import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Tooltip, theme } from 'antd';
import { useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { useFormsTranslation } from '../forms/useFormsTranslation';
import { normalizeRichText, richTextFragment } from './richTextEditing';
import { safeHref } from './RichText';
import './RichText.css';

export interface RichTextEditorProps {
  /** The HTML (from a Form.Item, or the stored value). */
  readonly value?: string;
  readonly onChange?: (html: string) => void;
  /** The text box's accessible name (the field's label). */
  readonly ariaLabel: string;
  readonly id?: string;
  readonly status?: 'error';
  /** Under the box, inside the field (e.g. a counter). */
  readonly footer?: ReactNode;
}

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

/**
 * Rich text as people write it (bold, italic, underline, lists, links), answered as the
 * allow-listed HTML the server accepts (richTextEditing.ts). The browser's own editing
 * (contenteditable) does the typing, Ctrl+B/I/U included; pasting keeps the text only. Built on
 * no editor library: antd has none, and the allow-list is a handful of tags (decision 0144).
 */
export function RichTextEditor({ value = '', onChange, ariaLabel, id, status, footer }: RichTextEditorProps) {
  const { t } = useFormsTranslation();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  // what this editor last answered: a value that differs came from outside (a reset) and is shown
  const emitted = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || value === emitted.current) return;
    el.replaceChildren(richTextFragment(value, document));
    emitted.current = normalizeRichText(value);
  }, [value]);

  const emit = () => {
    const el = box.current;
    if (!el) return;
    const html = normalizeRichText(el.innerHTML);
    if (html === emitted.current) return;
    emitted.current = html;
    onChange?.(html);
  };

  const run = (command: Command | 'createLink', arg?: string) => {
    box.current?.focus();
    restoreSelection();
    document.execCommand(command, false, arg);
    emit();
  };

  const keepSelection = () => {
    const sel = window.getSelection();
    const el = box.current;
    if (sel && sel.rangeCount > 0 && el?.contains(sel.anchorNode)) saved.current = sel.getRangeAt(0).cloneRange();
  };

  const restoreSelection = () => {
    const sel = window.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
  };

  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
  };

  const addLink = () => {
    const href = safeHref(address);
    setLinkOpen(false);
    setAddress('');
    if (!href) return;
    const sel = saved.current;
    if (sel && sel.collapsed) {
      // no words chosen: the address becomes the link's text
      box.current?.focus();
      restoreSelection();
      document.execCommand('insertHTML', false, `<a href="${href.replace(/"/g, '&quot;')}">${href.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a>`);
      emit();
      return;
    }
    run('createLink', href);
  };

  const tools: { command: Command; label: string; icon: ReactNode }[] = [
    { command: 'bold', label: t('editor.bold'), icon: <BoldOutlined /> },
    { command: 'italic', label: t('editor.italic'), icon: <ItalicOutlined /> },
    { command: 'underline', label: t('editor.underline'), icon: <UnderlineOutlined /> },
    { command: 'insertUnorderedList', label: t('editor.bullets'), icon: <UnorderedListOutlined /> },
    { command: 'insertOrderedList', label: t('editor.numbered'), icon: <OrderedListOutlined /> },
  ];
  const border = status === 'error' ? token.colorError : focused ? token.colorPrimary : token.colorBorder;

  return (
    <div style={{ border: `1px solid ${border}`, borderRadius: token.borderRadius, background: token.colorBgContainer }}>
      <Flex role="toolbar" aria-label={t('editor.toolbar')} gap={2} wrap style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {tools.map((tool) => (
          <Tooltip key={tool.command} title={tool.label} placement="bottom">
            <Button
              type="text"
              size="small"
              icon={tool.icon}
              aria-label={tool.label}
              // the box keeps its selection while a button is pressed
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.command)}
            />
          </Tooltip>
        ))}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) keepSelection();
            setLinkOpen(open);
          }}
          trigger="click"
          content={
            <Flex gap={4}>
              <Input
                autoFocus
                size="small"
                aria-label={t('editor.link_address')}
                placeholder="https://"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                onPressEnter={(e) => {
                  e.preventDefault();
                  addLink();
                }}
              />
              <Button size="small" type="primary" onClick={addLink} disabled={!safeHref(address)}>
                {t('editor.link_add')}
              </Button>
            </Flex>
          }
        >
          <Tooltip title={t('editor.link')} placement="bottom">
            <Button type="text" size="small" icon={<LinkOutlined />} aria-label={t('editor.link')} onMouseDown={(e) => e.preventDefault()} />
          </Tooltip>
        </Popover>
      </Flex>
      <div
        ref={box}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        aria-invalid={status === 'error' ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        className="rich-text-editor"
        style={{ minHeight: 72, maxHeight: 240, overflowY: 'auto', padding: '4px 11px', outline: 'none', overflowWrap: 'anywhere' }}
        onInput={emit}
        onBlur={() => {
          keepSelection();
          setFocused(false);
          emit();
        }}
        onFocus={() => setFocused(true)}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
        onPaste={paste}
      />
      {footer ? <div style={{ padding: '0 11px 4px' }}>{footer}</div> : null}
    </div>
  );
}
