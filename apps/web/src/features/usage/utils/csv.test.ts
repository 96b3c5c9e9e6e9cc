import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('toCsv', () => {
  it('ends every record with CRLF, the last one too', () => {
    expect(
      toCsv([
        ['Persona', 'Followers'],
        ['Ada', 12],
      ]),
    ).toBe('Persona,Followers\r\nAda,12\r\n');
  });

  it('writes nothing for no rows, and an empty field as nothing', () => {
    expect(toCsv([])).toBe('');
    expect(toCsv([['', 'a', '']])).toBe(',a,\r\n');
  });

  it('quotes fields holding a comma, a quote, a CR or an LF, and doubles the quotes', () => {
    expect(csvField('Smith, Ada')).toBe('"Smith, Ada"');
    expect(csvField('The "Muse"')).toBe('"The ""Muse"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('plain text')).toBe('plain text');
    expect(toCsv([['a,b', 'c"d']])).toBe('"a,b","c""d"\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    // A leading CR: neutralised, then quoted for the CR.
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Only a leading character counts.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField("'quoted")).toBe("'quoted");
  });

  it('writes numbers as they are: a figure is not a formula', () => {
    expect(csvField(0)).toBe('0');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(-3)).toBe('-3');
    expect(toCsv([[1200, 4.1]])).toBe('1200,4.1\r\n');
  });

  it('keeps unicode as it is', () => {
    expect(toCsv([['Zoë ✨', '日本語のペルソナ', '👩🏽‍💻, coder']])).toBe(
      'Zoë ✨,日本語のペルソナ,"👩🏽‍💻, coder"\r\n',
    );
  });
});
