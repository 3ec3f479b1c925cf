// Message bodies are HTML (the server keeps strong, em, u, p, div, span, br, a, ul, ol,
// li and sanitises them). The composer is plain text with @mentions; these functions
// turn one into the other and measure and shorten bodies for Show more/Show less.

/** A person mentioned in a message: <span class="mention" data-id data-name>@name</span>. */
export interface Mention {
  readonly uuid: string;
  readonly name: string;
}

/** The server's limit on a message's visible text. */
export const MESSAGE_CHARACTER_LIMIT = 16_000;
/** Longer messages show Show more / Show less. */
export const TRUNCATE_AT = 600;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const URL_PATTERN = /\b(https?:\/\/[^\s<]+[^\s<.,;:!?)\]'"])|\b(www\.[^\s<]+[^\s<.,;:!?)\]'"])/gi;

function linkify(escaped: string): string {
  return escaped.replace(URL_PATTERN, (match) => {
    const href = /^https?:\/\//i.test(match) ? match : `https://${match}`;
    return `<a href="${href}" target="_blank">${match}</a>`;
  });
}

/**
 * The HTML sent for what the user typed: text escaped, links made clickable, each line a
 * paragraph, and every chosen mention still present as @name turned into a mention span.
 * Blank input gives ''.
 */
export function composeMessageHtml(text: string, mentions: readonly Mention[] = []): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  // Longest names first, so that "@Anna Acme" wins over "@Anna".
  const chosen = [...new Map(mentions.map((m) => [m.name, m])).values()].sort((a, b) => b.name.length - a.name.length);
  const placeholders: string[] = [];
  let marked = trimmed;
  for (const mention of chosen) {
    const needle = `@${mention.name}`;
    if (!marked.includes(needle)) continue;
    const token = `\u0000${placeholders.length}\u0000`;
    placeholders.push(
      `<span class="mention" data-id="${escapeHtml(mention.uuid)}" data-name="${escapeHtml(mention.name)}">@${escapeHtml(mention.name)}</span>`,
    );
    marked = marked.split(needle).join(token);
  }
  const html = marked
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `<p>${linkify(escapeHtml(line))}</p>` : '<p><br></p>'))
    .join('');
  return html.replace(/\u0000(\d+)\u0000/g, (_, i: string) => placeholders[Number(i)] ?? '');
}

function parse(html: string): HTMLElement {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return doc.body;
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'UL', 'OL']);

/** Back from stored HTML to the composer's text and its mentions (editing a message). */
export function messageToComposer(html: string | null | undefined): { text: string; mentions: Mention[] } {
  if (!html) return { text: '', mentions: [] };
  const mentions: Mention[] = [];
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      lines.push(line);
      line = '';
      return;
    }
    const id = node.getAttribute('data-id');
    if (id && node.classList.contains('mention')) {
      const name = node.getAttribute('data-name') ?? (node.textContent ?? '').replace(/^@/, '');
      mentions.push({ uuid: id, name });
      line += `@${name}`;
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block && line) {
      lines.push(line);
      line = '';
    }
    node.childNodes.forEach(walk);
    if (block) {
      lines.push(line);
      line = '';
    }
  };
  parse(html).childNodes.forEach(walk);
  if (line) lines.push(line);
  // A paragraph holding only <br> is one blank line, not two.
  const text = lines
    .join('\n')
    .replace(/\n\n(?=\n)/g, '\n')
    .trim();
  return { text, mentions };
}

/** The visible text of a body (what the character limits count). */
export function messageText(html: string | null | undefined): string {
  if (!html) return '';
  return (parse(html).textContent ?? '').trim();
}

/** A body with only markup and spaces is empty. */
export const isEmptyMessage = (html: string | null | undefined): boolean => messageText(html) === '';

/**
 * The body cut after `limit` visible characters, keeping its markup (closing what was
 * open) and adding an ellipsis; truncated says whether anything was cut.
 */
export function truncateHtml(html: string, limit: number = TRUNCATE_AT): { html: string; truncated: boolean } {
  const body = parse(html);
  if ((body.textContent ?? '').trim().length <= limit) return { html, truncated: false };
  let left = limit;
  const prune = (node: Node): void => {
    for (const child of [...node.childNodes]) {
      if (left <= 0) {
        child.remove();
        continue;
      }
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent ?? '';
        if (text.length > left) {
          child.textContent = `${text.slice(0, left).trimEnd()}…`;
          left = 0;
        } else {
          left -= text.length;
        }
      } else {
        prune(child);
      }
    }
  };
  prune(body);
  return { html: body.innerHTML, truncated: true };
}
