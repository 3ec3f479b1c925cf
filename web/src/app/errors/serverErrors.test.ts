import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../locales/en/errors.json';
import fiErrors from '../../locales/fi/errors.json';
import svErrors from '../../locales/sv/errors.json';
import { describeServerError, describeUnexpectedError, isMachineKey, normalizeCode, transitionState } from './serverErrors';

let i18n: I18n;

beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['errors'],
    keySeparator: false,
    interpolation: { escapeValue: false },
    resources: { en: { errors: enErrors }, fi: { errors: fiErrors }, sv: { errors: svErrors } },
  });
});

describe('describeServerError', () => {
  it.each([
    ['RECORD_NOT_FOUND', 'Not Found'],
    ['ACCESS_DENIED', 'Access Denied'],
    ['AASM_INVALID_TRANSITION', 'Invalid Transition'],
    ['ARGUMENT_ERROR', 'Invalid request'],
    ['FORBIDDEN_DOMAIN', 'Forbidden domain'],
    ['VALIDATION_ERROR', 'Invalid data'],
    ['SOMETHING_ELSE', 'Error'],
  ])('titles %s as "%s"', (code, title) => {
    expect(describeServerError({ code, message: 'x' }, i18n).title).toBe(title);
  });

  it('looks the message up under errors.server_response first', () => {
    expect(
      describeServerError({ code: 'ARGUMENT_ERROR', message: 'cannot_add_message_to_closed_thread' }, i18n),
    ).toEqual({
      code: 'ARGUMENT_ERROR',
      title: 'Invalid request',
      description: 'This thread is closed. You cannot send messages to the closed thread',
    });
  });

  it('gives the catalogue its own texts for invalid_task_ids and missing task access', () => {
    expect(describeServerError({ code: 'RECORD_NOT_FOUND', message: 'invalid_task_ids' }, i18n).description).toBe(
      'Some of the selected threads could not be found',
    );
    expect(
      describeServerError({ code: 'ACCESS_DENIED', message: 'user_does_not_have_access_to_the_tasks' }, i18n)
        .description,
    ).toBe('You do not have access to some of the selected threads');
  });

  it('names the missing entity of RECORD_NOT_FOUND', () => {
    expect(
      describeServerError({ code: 'RECORD_NOT_FOUND', message: 'record_not_found', entityType: 'InboxTask' }, i18n)
        .description,
    ).toBe("We couldn't find the thread. Please double-check the details and try again");
    expect(describeServerError({ code: 'RECORD_NOT_FOUND', message: '' }, i18n).description).toBe(
      "We couldn't find the record. Please double-check the details and try again",
    );
  });

  it('explains ACCESS_DENIED and FORBIDDEN_DOMAIN in the catalogue words', () => {
    expect(describeServerError({ code: 'ACCESS_DENIED', message: 'access_denied' }, i18n).description).toBe(
      'You do not have the required permissions to access this resource',
    );
    expect(describeServerError({ code: 'forbidden_domain', message: '' }, i18n)).toMatchObject({
      code: 'FORBIDDEN_DOMAIN',
      description: 'Forbidden domain, please refresh the page',
    });
  });

  it('names the originating state of an invalid transition', () => {
    expect(
      describeServerError(
        { code: 'AASM_INVALID_TRANSITION', message: "Event 'reopen' cannot transition from 'in_progress'." },
        i18n,
      ).description,
    ).toBe('This action is not possible while the thread is in progress');
    expect(
      describeServerError({ code: 'AASM_INVALID_TRANSITION', message: "Event 'fail' cannot transition from 'created'" }, i18n)
        .description,
    ).toBe('This action is not possible while the thread is not started');
  });

  it('names an entity type it has no word for a record, never by its snake_case name', () => {
    expect(
      describeServerError({ code: 'RECORD_NOT_FOUND', message: 'record_not_found', entityType: 'workflow_instance' }, i18n)
        .description,
    ).toBe("We couldn't find the run. Please double-check the details and try again");
    expect(
      describeServerError({ code: 'RECORD_NOT_FOUND', message: 'record_not_found', entityType: 'some_new_thing' }, i18n)
        .description,
    ).toBe("We couldn't find the record. Please double-check the details and try again");
  });

  it.each([
    ['en', 'This thread is closed. You cannot change the assignee of the closed thread'],
    ['fi', 'Tämä keskustelu on suljettu. Et voi vaihtaa suljetun keskustelun vastuuhenkilöä'],
    ['sv', 'Konversationen är stängd. Du kan inte byta ansvarig för en stängd konversation'],
  ])('reads cannot_assign_closed_thread in %s', async (language, text) => {
    await i18n.changeLanguage(language);
    try {
      expect(describeServerError({ code: 'ARGUMENT_ERROR', message: 'cannot_assign_closed_thread' }, i18n).description).toBe(text);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it.each(['some_key_without_text', 'invalid_thing', 'unknownkey', "can't_be_anything"])(
    'shows "Something went wrong" for the unknown key %s, never the key',
    (message) => {
      for (const code of ['ARGUMENT_ERROR', 'VALIDATION_ERROR', 'ACCESS_DENIED', 'INTERNAL', null]) {
        const { description } = describeServerError({ code, message }, i18n);
        expect(description).not.toContain(message);
        if (code !== 'ACCESS_DENIED') expect(description).toBe('Something went wrong');
      }
    },
  );

  it('falls back to the raw message, then to "Something went wrong"', () => {
    expect(describeServerError({ code: 'VALIDATION_ERROR', message: 'Title is too long' }, i18n).description).toBe(
      'Title is too long',
    );
    expect(describeServerError({ code: 'ARGUMENT_ERROR', message: null }, i18n).description).toBe(
      'Something went wrong',
    );
    expect(describeServerError({}, i18n)).toEqual({ code: null, title: 'Error', description: 'Something went wrong' });
  });

  it('follows the interface language', async () => {
    await i18n.changeLanguage('fi');
    try {
      expect(describeServerError({ code: 'ACCESS_DENIED', message: 'x' }, i18n).title).toBe('Pääsy estetty');
      expect(describeUnexpectedError(i18n).description).toBe('Jokin meni vikaan');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('isMachineKey', () => {
  it.each([
    ['cannot_assign_closed_thread', true],
    ['blank', true],
    ["can't_be_blank", true],
    ['Title is too long', false],
    ['Event \'close\' cannot transition from \'closed\'', false],
    ['FORBIDDEN_DOMAIN', false],
    ['', false],
  ])('tells %s: %s', (message, key) => {
    expect(isMachineKey(message)).toBe(key);
  });
});

describe('normalizeCode', () => {
  it('accepts both spellings of catalogue codes and nothing else', () => {
    expect(normalizeCode('forbidden_domain')).toBe('FORBIDDEN_DOMAIN');
    expect(normalizeCode('RECORD_NOT_FOUND')).toBe('RECORD_NOT_FOUND');
    expect(normalizeCode('INTERNAL')).toBeNull();
    expect(normalizeCode(undefined)).toBeNull();
  });
});

describe('transitionState', () => {
  it.each([
    ["Event 'close' cannot transition from 'closed'.", 'closed'],
    ['cannot transition from :new', 'new'],
    ['nonsense', null],
  ])('reads %s', (message, state) => {
    expect(transitionState(message)).toBe(state);
  });
});
