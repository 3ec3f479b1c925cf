/** Images that may be pasted or dropped into a message. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** A jpg, jpeg or png file (by name, or by type for a pasted image without a useful name). */
export function isMessageImage(file: Pick<File, 'name' | 'type'>): boolean {
  const ext = extensionOf(file.name);
  if (ext) return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  return file.type === 'image/png' || file.type === 'image/jpeg';
}

/** The first image of a paste or drop, if it is one the message accepts; rejected tells another file was there. */
export function pickMessageImage(files: readonly File[]): { image: File | null; rejected: boolean } {
  const image = files.find(isMessageImage) ?? null;
  return { image, rejected: !image && files.length > 0 };
}

export type FileIcon = 'word' | 'pdf' | 'excel' | 'image' | 'default';

const WORD = new Set(['doc', 'docm', 'docx', 'dot', 'dotm', 'dotx']);
const EXCEL = new Set(['xls', 'xlsx', 'xlsm', 'xl', 'dex', 'csv', 'dbf']);

/** The icon of an attachment (spec: word, pdf, excel types, default). */
export function fileIconOf(extension: string): FileIcon {
  const ext = extension.toLowerCase().replace(/^\./, '');
  if (WORD.has(ext)) return 'word';
  if (ext === 'pdf') return 'pdf';
  if (EXCEL.has(ext)) return 'excel';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  return 'default';
}

/** 1.2 MB style sizes. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
