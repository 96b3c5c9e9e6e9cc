import { type Automation, defaultAutomation } from '@plume/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngagementCard } from './editor-automation-engagement';
import { RepliesCard } from './editor-automation-replies';

/** A persona saved before the reply settings of issue 18: its autoReplies lack both. */
function oldAutomation(): Automation {
  const automation = defaultAutomation();
  const { publishWithoutReview: _p, xCheckMinutes: _x, ...replies } = automation.autoReplies;
  return { ...automation, autoReplies: replies as Automation['autoReplies'] };
}

afterEach(cleanup);

describe('Smart Auto-Replies', () => {
  it('reads a persona without the new settings as: review every reply, check X every 15 minutes', () => {
    render(<RepliesCard automation={oldAutomation()} commit={() => {}} />);
    const publish = screen.getByRole('switch', { name: 'Publish replies without review (Bluesky)' });
    expect(publish.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('every 15 minutes')).toBeTruthy();
    expect(screen.getByText(/every reply waits for your approval/)).toBeTruthy();
  });

  it('Reply settings saves how often X is checked and whether Bluesky replies skip review', () => {
    const commit = vi.fn();
    render(<RepliesCard automation={oldAutomation()} commit={commit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reply settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply settings' });
    const every = within(dialog).getByRole('combobox', { name: 'Check X for mentions every' });
    expect([...(every as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '5 minutes',
      '15 minutes',
      '30 minutes',
      '1 hour',
      '3 hours',
      '12 hours',
      '24 hours',
    ]);
    expect(within(dialog).getByText(/one read that X bills. Bluesky is checked every 2 minutes/)).toBeTruthy();
    fireEvent.change(every, { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Publish replies without review (Bluesky)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saved: Automation = commit.mock.calls[0]?.[0];
    expect(saved.autoReplies.xCheckMinutes).toBe(60);
    expect(saved.autoReplies.publishWithoutReview).toBe(true);
  });

  it('says a direct-message template is not answered yet', () => {
    render(<RepliesCard automation={defaultAutomation()} commit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Template' }));
    const dialog = screen.getByRole('dialog', { name: 'Add template' });
    expect(within(dialog).queryByText(/Direct messages are not answered yet/)).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Context' }), { target: { value: 'dm' } });
    const context = within(dialog).getByRole('combobox', { name: 'Context' });
    expect(context.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/Direct messages are not answered yet/)).toBeTruthy();
  });
});

describe('Engagement Optimization', () => {
  it('marks likes, reposts and follows as Bluesky only and opt-in only, and says why once each', () => {
    render(<EngagementCard automation={defaultAutomation()} commit={() => {}} />);
    expect(screen.getAllByText(/X removed likes and follows/)).toHaveLength(1);
    // Bluesky's rule for automated accounts, once: opt-in only, the settings choose inside it.
    expect(screen.getAllByText(/go only to people who mentioned, replied to, quoted or followed/)).toHaveLength(1);
    expect(screen.getByTestId('engagement-opt-in-note').textContent).toMatch(
      /Bluesky asks automated accounts to interact only when people opt in.*target accounts, keywords and the follower range choose among them/,
    );
    for (const name of ['Auto-like', 'Auto-retweet', 'Auto-follow']) {
      const toggle = screen.getByRole('switch', { name });
      const note = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
      expect(note?.textContent).toContain('Bluesky only');
    }
  });
});
