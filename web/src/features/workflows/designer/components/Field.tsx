import { Form } from 'antd';
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

/** A labelled control outside a bound form: the label names its control (for screen readers and axe). */
export function Field({ label, required, children }: { label: ReactNode; required?: boolean; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} required={required}>
      {cloneElement(children, { id })}
    </Form.Item>
  );
}
