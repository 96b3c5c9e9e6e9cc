import { type Platform, type PostPart, textPart } from '@plume/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPartsEditor } from './thread-parts-editor';

function Harness({ initial, platforms = ['x', 'bluesky'] }: { initial: PostPart[]; platforms?: Platform[] }) {
  const [parts, setParts] = useState(initial);
  return (
    <>
      <ThreadPartsEditor
        parts={parts}
        onChange={setParts}
        platforms={platforms}
        label={(i, count) => (count > 1 ? `Part ${i + 1} of ${count}` : 'Content')}
        legend={(count) => `Content (a thread of ${count} parts)`}
      />
      <output data-testid="parts">{JSON.stringify(parts)}</output>
    </>
  );
}

const shown = () => JSON.parse(screen.getByTestId('parts').textContent ?? '[]') as PostPart[];
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

afterEach(cleanup);

describe('the thread parts editor', () => {
  it('counts each part as each network does, and says when one is too long', () => {
    render(<Harness initial={[textPart('🙂🙂')]} />);
    expect(screen.getByTestId('post-counts').textContent).toBe('X 4/280Bluesky 2/300');
    fireEvent.change(box('Content'), { target: { value: 'a'.repeat(301) } });
    expect(screen.getByText('Bluesky 301/300 · too long')).toBeTruthy();
    expect(shown()).toEqual([textPart('a'.repeat(301))]);
  });

  it('makes a post a thread, adds and removes parts, and keeps what each part carries', () => {
    const first = { ...textPart('One'), langs: ['en'] };
    render(<Harness initial={[first]} />);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Make it a thread' }));
    expect(screen.getByRole('group', { name: 'Content (a thread of 2 parts)' })).toBeTruthy();
    expect(document.activeElement).toBe(box('Part 2 of 2'));
    fireEvent.change(box('Part 2 of 2'), { target: { value: 'Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a part' }));
    fireEvent.change(box('Part 3 of 3'), { target: { value: 'Three' } });
    fireEvent.change(box('Part 1 of 3'), { target: { value: 'One!' } });
    expect(shown()).toEqual([{ ...first, text: 'One!' }, textPart('Two'), textPart('Three')]);

    // The middle part goes; the others keep their boxes, and the part before it takes the focus.
    const third = box('Part 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Part 2 of 3' }));
    expect(shown()).toEqual([{ ...first, text: 'One!' }, textPart('Three')]);
    expect(box('Part 2 of 2')).toBe(third);
    expect(document.activeElement).toBe(box('Part 1 of 2'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Part 2 of 2' }));
    expect(shown()).toEqual([{ ...first, text: 'One!' }]);
    expect(box('Content').value).toBe('One!');
  });

  it('only shows the parts when read-only', () => {
    render(
      <ThreadPartsEditor
        parts={[textPart('One'), textPart('Two')]}
        onChange={() => {}}
        platforms={['bluesky']}
        label={(i, count) => `Part ${i + 1} of ${count}`}
        readOnly
      />,
    );
    expect(box('Part 1 of 2').readOnly).toBe(true);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("shows a part's link card while its link is in the text, and removes it on request", () => {
    const link = {
      url: 'https://www.example.com/post',
      title: 'A post',
      description: 'What it says.',
      imageId: null,
      imageUrl: 'https://example.com/pic.png',
    };
    render(<Harness initial={[{ ...textPart('Read https://www.example.com/post'), link }]} />);
    const card = screen.getByRole('region', { name: 'Link card of Content' });
    expect(card.textContent).toContain('A post');
    expect(card.textContent).toContain('What it says.');
    expect(card.textContent).toContain('example.com · card on Bluesky');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://example.com/pic.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove card of Content' }));
    expect(screen.queryByRole('region', { name: 'Link card of Content' })).toBeNull();
    expect(shown()[0]?.link).toBeNull();
  });
});
