import { describe, expect, it } from 'vitest';
import { parseHashtags } from './api';
import { cleanLines, hashtagsIn, parseThreads } from './post-process';

describe('generated lines', () => {
  it('strips list bullets and numbers, drops blanks, keeps 3 by default', () => {
    const answer = [
      'Here you go:',
      '',
      '1. First post',
      '2) Second post',
      '   ',
      '- Third post',
      '* Fourth post',
      '• Fifth post',
    ].join('\n');
    expect(cleanLines(answer.split('\n').slice(2).join('\n'))).toEqual(['First post', 'Second post', 'Third post']);
    expect(cleanLines(answer, 10)).toEqual([
      'Here you go:',
      'First post',
      'Second post',
      'Third post',
      'Fourth post',
      'Fifth post',
    ]);
    expect(cleanLines('a\r\nb', 1)).toEqual(['a']);
  });

  it('leaves what only looks like a marker, and unwraps quoted posts', () => {
    expect(cleanLines('-5 degrees today\n2024 was a year\n"Quoted post"\n“Curly”', 5)).toEqual([
      '-5 degrees today',
      '2024 was a year',
      'Quoted post',
      'Curly',
    ]);
  });
});

describe('threads', () => {
  it('reads threads apart on === and parts on ---, numbering dropped', () => {
    const answer = '1/ Intro\n---\n2/ Middle\nstill middle\n---\n3/3 End\n===\nSecond thread\n---\nIts end';
    expect(parseThreads(answer)).toEqual([
      ['Intro', 'Middle\nstill middle', 'End'],
      ['Second thread', 'Its end'],
    ]);
  });

  it('takes one part per line when the writer left out ---, and honours the count', () => {
    expect(parseThreads('- A\n- B\n\n- C\n===\nD\nE', 1)).toEqual([['A', 'B', 'C']]);
  });
});

describe('hashtags', () => {
  it('parses the comma separated field: trimmed, blanks dropped, one #', () => {
    expect(parseHashtags(' ai, #rust ,, ##web  ,')).toEqual(['#ai', '#rust', '#web']);
  });

  it('finds the hashtags of a post, not numbers or anchors', () => {
    expect(hashtagsIn('Ship it #DevLife #ai #1 and#not https://example.com/page#anchor #DevLife #日本')).toEqual([
      '#DevLife',
      '#ai',
      '#日本',
    ]);
  });
});
