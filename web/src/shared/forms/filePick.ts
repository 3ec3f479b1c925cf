// The file picker's rules (spec 000 §5, §9): allowed extensions, a size limit, a maximum count,
// one file a name, and long names shortened. Pure: the picker and its tests share them.

/** Names are shortened to their first 15 and last 7 characters (spec 000 §9). */
export const FILE_NAME_HEAD = 15;
export const FILE_NAME_TAIL = 7;

export interface FileLimits {
  /** Allowed extensions without the dot ('xml', 'pdf'), any case; none: every file. */
  readonly extensions?: readonly string[];
  /** The largest file in megabytes; none: no limit. */
  readonly maxSize?: number;
  /** A megabyte's kilobytes: 1024 (default) or 1000. The limit is maxSize × unit × 1024 bytes. */
  readonly sizeUnit?: 1000 | 1024;
  /** The most files kept: a longer list keeps the last picked. */
  readonly maxCount?: number;
}

export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

export type FileRejectionReason = 'wrong_type' | 'too_large';

export interface FileRejection {
  readonly name: string;
  readonly reason: FileRejectionReason;
}

/** The size limit in bytes (spec 000 §5: the unit 1000 or 1024, multiplied again by 1024). */
export function maxBytes(maxSize: number, sizeUnit: 1000 | 1024 = 1024): number {
  return maxSize * sizeUnit * 1024;
}

/** A name's extension in lower case, without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a file cannot be picked, or null. */
export function fileProblem(file: PickedFile, limits: FileLimits): FileRejectionReason | null {
  const allowed = limits.extensions?.map((e) => e.replace(/^\./, '').toLowerCase());
  if (allowed && allowed.length > 0 && !allowed.includes(fileExtension(file.name))) return 'wrong_type';
  if (limits.maxSize !== undefined && file.size > maxBytes(limits.maxSize, limits.sizeUnit)) return 'too_large';
  return null;
}

/**
 * The list after a pick: the files that pass the limits are added, except a name already in the
 * list (or earlier in the pick); then the list is trimmed to maxCount, keeping the last.
 */
export function pickFiles<F extends PickedFile>(
  current: readonly F[],
  picked: readonly F[],
  limits: FileLimits,
): { readonly files: F[]; readonly rejected: FileRejection[] } {
  const files = [...current];
  const rejected: FileRejection[] = [];
  for (const file of picked) {
    const reason = fileProblem(file, limits);
    if (reason) rejected.push({ name: file.name, reason });
    else if (!files.some((f) => f.name === file.name)) files.push(file);
  }
  const kept = limits.maxCount !== undefined && files.length > limits.maxCount ? files.slice(files.length - limits.maxCount) : files;
  return { files: kept, rejected };
}

/** A long name as its first 15 and last 7 characters around an ellipsis (the extension stays in sight). */
export function truncateFileName(name: string, head = FILE_NAME_HEAD, tail = FILE_NAME_TAIL): string {
  const chars = [...name];
  return chars.length > head + tail + 1 ? `${chars.slice(0, head).join('')}…${chars.slice(-tail).join('')}` : name;
}
