// createFile goes as a GraphQL multipart request (the spec of jaydenseric/graphql-multipart-request-spec,
// which gqlgen reads). XMLHttpRequest rather than fetch: it reports upload progress.

import { print } from 'graphql';
import { GRAPHQL_URI } from '../../../app/apollo/client';
import type { ServerErrorLike } from '../../../app/errors/serverErrors';
import type { CompanyFileFieldsFragment } from '../../../gql/graphql';
import { CREATE_FILE } from '../graphql/createFile';

export interface UploadRequest {
  readonly file: File;
  readonly folderId: string;
  readonly description?: string | null;
  readonly onProgress?: (percent: number) => void;
  readonly signal?: AbortSignal;
}

export type UploadResult =
  | { readonly kind: 'ok'; readonly file: CompanyFileFieldsFragment }
  | { readonly kind: 'error'; readonly errors: readonly ServerErrorLike[] }
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'network' };

export type Uploader = (request: UploadRequest) => Promise<UploadResult>;

/** The multipart body: operations (the file's variable as null), map, then the file. */
export function multipartBody(file: File, variables: Record<string, unknown>): FormData {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({ operationName: 'CreateFile', query: print(CREATE_FILE), variables: { ...variables, content: null } }),
  );
  body.append('map', JSON.stringify({ 0: ['variables.content'] }));
  body.append('0', file, file.name);
  return body;
}

interface GraphQLAnswer {
  data?: {
    createFile?: { file: CompanyFileFieldsFragment | null; errors: ServerErrorLike[] } | null;
  } | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Reads the server's answer to a createFile request. */
export function readUploadAnswer(status: number, text: string): UploadResult {
  if (status === 401) return { kind: 'unauthorized' };
  let answer: GraphQLAnswer;
  try {
    answer = JSON.parse(text) as GraphQLAnswer;
  } catch {
    return { kind: 'network' };
  }
  if (answer.errors?.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED')) return { kind: 'unauthorized' };
  const payload = answer.data?.createFile;
  if (payload?.errors.length) return { kind: 'error', errors: payload.errors };
  if (payload?.file) return { kind: 'ok', file: payload.file };
  if (answer.errors?.length) {
    return {
      kind: 'error',
      errors: answer.errors.map((e) => ({
        code: typeof e.extensions?.['code'] === 'string' ? e.extensions['code'] : null,
        message: e.message,
      })),
    };
  }
  return { kind: 'network' };
}

/** Uploads one file into a folder; resolves with the outcome, never rejects. */
export const uploadCompanyFile: Uploader = ({ file, folderId, description, onProgress, signal }) =>
  new Promise<UploadResult>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_URI);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: 'network' });
    xhr.onabort = () => resolve({ kind: 'network' });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const trimmed = description?.trim();
    xhr.send(multipartBody(file, { folderId, filename: file.name, description: trimmed ? trimmed : null }));
  });
