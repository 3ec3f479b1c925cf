// The search hit text the server sends: HTML-escaped, with matched words in <mark>.
// Parsed into plain parts so that nothing from it is ever inserted as HTML. Nested or
// repeated marks count as one.

export interface HighlightPart {
  readonly text: string;
  readonly marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

const decode = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');

export function highlightParts(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let depth = 0;
  for (const token of html.split(/(<\/?mark>)/)) {
    if (token === '<mark>') depth += 1;
    else if (token === '</mark>') depth = Math.max(0, depth - 1);
    else if (token) {
      const marked = depth > 0;
      const text = decode(token);
      const prev = parts.at(-1);
      if (prev && prev.marked === marked) parts[parts.length - 1] = { text: prev.text + text, marked };
      else parts.push({ text, marked });
    }
  }
  return parts;
}
