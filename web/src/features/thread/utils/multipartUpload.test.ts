import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipartUpload';

describe('multipartBody', () => {
  it('nulls a single file variable and each file of a list variable in place', async () => {
    const document = parse('mutation M($image: Upload, $files: [Upload!]) { m(image: $image, files: $files) }');
    const a = new File(['a'], 'a.csv');
    const b = new File(['b'], 'b.csv');
    const image = new File(['i'], 'i.png', { type: 'image/png' });
    const form = multipartBody(document, { title: 'x', files: [null, null] }, [
      { path: 'variables.image', file: image },
      { path: 'variables.files.0', file: a },
      { path: 'variables.files.1', file: b },
    ]);
    const operations = JSON.parse(String(form.get('operations'))) as { variables: Record<string, unknown> };
    expect(operations.variables).toEqual({ title: 'x', image: null, files: [null, null] });
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.image'], 1: ['variables.files.0'], 2: ['variables.files.1'] });
    expect((form.get('2') as File).name).toBe('b.csv');
  });
});
