import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import './RichText.css';

// Rich text from the server (banner descriptions, messages) is turned into React
// elements from an allow-list, never injected as HTML: a tag outside the list is
// dropped with its text kept, every attribute except a link's checked address is
// dropped, and script-like content never reaches the DOM. The list is the spec's
// (000 §5): strong, em, u, p, div, span, br, a, ul, ol, li.

const ALLOWED_TAGS = new Set(['strong', 'em', 'u', 'p', 'div', 'span', 'br', 'a', 'ul', 'ol', 'li', 'b', 'i']);
/** Elements whose content is dropped too (not only the tag). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'title']);

/**
 * A link address that is safe to follow: http(s) or mailto; an address without a
 * scheme gets https:// (spec: links get https by default). Anything else is null.
 */
export function safeHref(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  if (/^mailto:/i.test(value)) return value;
  if (/^https?:\/\//i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return null;
  if (value.startsWith('/') || value.startsWith('#')) return null;
  return `https://${value}`;
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(element.childNodes).map((child, i) => convert(child, `${key}.${i}`));
  if (!ALLOWED_TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** React nodes for a piece of rich text (pure; for tests and for RichText). */
export function richTextNodes(html: string): ReactNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes).map((node, i) => convert(node, String(i)));
}

export interface RichTextProps {
  /** The server's rich text (sanitised there too). */
  readonly html: string;
  /** The wrapping element. */
  readonly as?: 'div' | 'span';
  readonly className?: string;
  /** Paragraphs and lists without the browser's margins (banners: as tall as their lines). */
  readonly compact?: boolean;
}

/** Shows server rich text safely (see richTextNodes). */
export function RichText({ html, as = 'div', className, compact = false }: RichTextProps) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  const classes = [compact ? 'portico-rich-text-compact' : '', className ?? ''].filter(Boolean).join(' ');
  return createElement(as, classes ? { className: classes } : null, ...nodes);
}
