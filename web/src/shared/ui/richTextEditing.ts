import { safeHref } from './RichText';

// What the rich-text editor keeps of what the browser's editing wrote: the spec's tags (000 §5:
// strong, em, u, p, div, br, a, ul, ol, li; span carries nothing here and goes), b and i as strong
// and em, a link's address when it is safe, no other attribute, no empty formatting. The result
// is short (the server counts the markup towards a banner's 250 characters) and passes the
// server's check as it is.

const KEPT = new Set(['strong', 'em', 'u', 'p', 'div', 'br', 'a', 'ul', 'ol', 'li']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em' };
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'title', 'head']);

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, ' ');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  const raw = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(raw)) return '';
  const tag = RENAMED[raw] ?? raw;
  if (tag === 'br') return '<br>';
  const inner = Array.from(element.childNodes).map(serialize).join('');
  if (!KEPT.has(tag)) return inner;
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    return href && inner ? `<a href="${escapeAttr(href)}">${inner}</a>` : inner;
  }
  // an empty bold or list item the browser left behind carries nothing
  if (inner === '' && tag !== 'p' && tag !== 'div') return '';
  return `<${tag}>${inner}</${tag}>`;
}

/** The HTML to store for what the editor holds (or for any HTML): allow-listed and compact. */
export function normalizeRichText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = Array.from(doc.body.childNodes).map(serialize).join('');
  // nothing but markup (an emptied editor keeps a <br> or an empty line) is no text at all
  return out.replace(/<[^>]*>/g, '').trim() === '' ? '' : out;
}

/** The editor's content for stored HTML, built node by node from the same allow-list (never innerHTML). */
export function richTextFragment(html: string, doc: Document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  const parsed = new DOMParser().parseFromString(`<body>${normalizeRichText(html)}</body>`, 'text/html');
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(doc.createTextNode(child.textContent ?? ''));
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const source = child as Element;
        const element = doc.createElement(source.tagName.toLowerCase());
        const href = source.tagName.toLowerCase() === 'a' ? safeHref(source.getAttribute('href')) : null;
        if (href) element.setAttribute('href', href);
        copy(source, element);
        to.appendChild(element);
      }
    }
  };
  copy(parsed.body, fragment);
  return fragment;
}
