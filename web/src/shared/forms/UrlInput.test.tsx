import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { UrlInput } from './UrlInput';

afterEach(cleanup);

function Harness({ initial }: { readonly initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Form>
      <Form.Item label="Issuer" htmlFor="issuer">
        <UrlInput id="issuer" value={value} onChange={setValue} />
      </Form.Item>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </Form>
  );
}

const box = () => screen.getByLabelText('Issuer') as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '""') as string;

describe('UrlInput', { timeout: 30_000 }, () => {
  it('keeps a fixed https:// before what is typed and yields nothing when empty', () => {
    render(<Harness initial="" />);
    expect(screen.getByText('https://')).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'login.example.com' } });
    expect(value()).toBe('https://login.example.com');
    expect(box().value).toBe('login.example.com');
    fireEvent.change(box(), { target: { value: '' } });
    expect(value()).toBe('');
  });

  it('takes a whole address pasted in without doubling the prefix', () => {
    render(<Harness initial="https://old.example.com" />);
    expect(box().value).toBe('old.example.com');
    fireEvent.change(box(), { target: { value: 'https://new.example.com/realms/acme' } });
    expect(value()).toBe('https://new.example.com/realms/acme');
    expect(box().value).toBe('new.example.com/realms/acme');
  });

  it("shows a local server's http:// as its prefix", () => {
    render(<Harness initial="http://127.0.0.1:9000/oidc" />);
    expect(screen.getByText('http://')).toBeTruthy();
    expect(box().value).toBe('127.0.0.1:9000/oidc');
    fireEvent.change(box(), { target: { value: '127.0.0.1:9001/oidc' } });
    expect(value()).toBe('http://127.0.0.1:9001/oidc');
  });
});
