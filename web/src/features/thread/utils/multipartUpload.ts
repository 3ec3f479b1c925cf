import { print, type DocumentNode } from 'graphql';

// A GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec),
// sent with XMLHttpRequest for upload progress and cancelling. The shell's Apollo link
// speaks JSON only, and file uploads are the one place that needs more.

export interface MultipartFile {
  /** Dotted path of the variable that holds the file, e.g. "variables.content". */
  readonly path: string;
  readonly file: File;
}

export interface MultipartOptions {
  readonly url?: string;
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
  /** For tests. */
  readonly createRequest?: () => XMLHttpRequest;
}

/** The form body of a multipart request: operations, map, then the files as 0, 1, ... */
export function multipartBody(
  document: DocumentNode,
  variables: Record<string, unknown>,
  files: readonly MultipartFile[],
): FormData {
  const vars: Record<string, unknown> = { ...variables };
  for (const { path } of files) {
    const [name = '', index] = path.replace(/^variables\./, '').split('.');
    if (index === undefined) {
      vars[name] = null;
      continue;
    }
    // a file of a list variable (variables.files.0): its place in the list is null
    const list = Array.isArray(vars[name]) ? [...(vars[name] as unknown[])] : [];
    list[Number(index)] = null;
    vars[name] = list;
  }
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: print(document), variables: vars }));
  const map: Record<string, string[]> = {};
  files.forEach(({ path }, i) => {
    map[String(i)] = [path];
  });
  form.append('map', JSON.stringify(map));
  files.forEach(({ file }, i) => form.append(String(i), file, file.name));
  return form;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('upload aborted');
    this.name = 'UploadAbortedError';
  }
}

export class UploadHttpError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with HTTP ${status}`);
    this.name = 'UploadHttpError';
  }
}

/** Sends the request and resolves with the JSON answer ({data, errors}). */
export function sendMultipart<T>(
  document: DocumentNode,
  variables: Record<string, unknown>,
  files: readonly MultipartFile[],
  options: MultipartOptions = {},
): Promise<{ data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  return new Promise((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open('POST', options.url ?? '/graphql/');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) {
        reject(new UploadHttpError(401));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        reject(new UploadHttpError(xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadHttpError(xhr.status || 0));
    xhr.onabort = () => reject(new UploadAbortedError());
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadAbortedError());
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(multipartBody(document, variables, files));
  });
}
