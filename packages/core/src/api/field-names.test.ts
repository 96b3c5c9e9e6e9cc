import { describe, expect, it } from 'vitest';
import { fieldErrorsText, fieldLabel } from './field-names';

describe('a field named for people', () => {
  it('drops where it was in the request and says its name in words', () => {
    expect(fieldLabel('body.username')).toBe('Username');
    expect(fieldLabel('body.fullName')).toBe('Full name');
    expect(fieldLabel('body.timeZone')).toBe('Time zone');
    expect(fieldLabel('query.persona')).toBe('Persona');
    expect(fieldLabel('params.id')).toBe('ID');
    expect(fieldLabel('body.baseUrl')).toBe('Base URL');
    expect(fieldLabel('body.personaId')).toBe('Persona ID');
    expect(fieldLabel('runAt')).toBe('Date and time');
  });

  it("counts a list's items from one", () => {
    expect(fieldLabel('body.parts.1')).toBe('Part 2');
    expect(fieldLabel('body.customTimes.0')).toBe('Custom times, item 1');
  });

  it('says where a nested field sits', () => {
    expect(fieldLabel('body.personality.humor')).toBe('Personality › Humor');
    expect(fieldLabel('body.automation.autoPosting.customTimes.0')).toBe(
      'Automation › Auto posting › Custom times, item 1',
    );
    expect(fieldLabel('body.sources.2.url')).toBe('Sources, item 3 › URL');
  });

  it('names the request itself when no field is', () => {
    expect(fieldLabel('body')).toBe('Request');
  });

  it('joins several into one line without a request path', () => {
    const text = fieldErrorsText([
      { field: 'body.username', message: 'Username must be at least 3 characters' },
      { field: 'body.parts.0', message: 'A thread part is empty' },
    ]);
    expect(text).toBe('Username: Username must be at least 3 characters; Part 1: A thread part is empty');
    expect(text).not.toMatch(/body\.|query\.|params\./);
  });
});
