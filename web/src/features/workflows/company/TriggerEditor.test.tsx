import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { TriggerEditor } from './TriggerEditor';
import { triggerFromSaved, triggerToInput, type TriggerForm } from './triggerData';

beforeAll(async () => {
  await initI18n('en', ['workflowRuns']);
});
afterEach(cleanup);

const saved = { uuid: 'u1', triggerType: 'anchor_date', data: { dynamicFieldId: '7', offsetDays: -3, timeOfDay: '09:00', timeZone: 'Europe/Helsinki' } };

function setup() {
  const changes: TriggerForm[] = [];
  render(
    <TriggerEditor
      trigger={triggerFromSaved(saved, '2026-01-01', 'UTC')}
      index={0}
      hasParameters={false}
      anchorFields={[{ id: '7', title: 'Closing day' }]}
      onChange={(t) => changes.push(t)}
      onRemove={() => {}}
    />,
  );
  return changes;
}

describe('anchor-date trigger form', () => {
  it('shows the saved offset with its help and sends a new one back as offsetDays', async () => {
    const changes = setup();
    const input = await screen.findByLabelText('Offset (days)');
    expect(input).toHaveProperty('value', '-3');
    expect(input.getAttribute('aria-describedby')).toBe('trigger-0-offset-help');
    expect(screen.getByText('Negative: before the anchor date')).toBeTruthy();

    fireEvent.change(input, { target: { value: '5' } });
    const last = changes.at(-1);
    expect(last && triggerToInput(last)).toEqual({ uuid: 'u1', triggerType: 'anchor_date', data: { ...saved.data, offsetDays: 5 } });
  });
});
