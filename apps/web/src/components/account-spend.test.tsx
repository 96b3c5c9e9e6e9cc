import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSpendTable } from './account-spend';

afterEach(cleanup);

/** Each row as read: its header (label and limit), today, this month. */
const rows = () =>
  screen.getAllByTestId('spend-row').map((row) => [
    within(row).getByRole('rowheader').textContent,
    ...within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ]);

describe("an account's spend of its network's limits", () => {
  it("shows Bluesky's write points and sign-ins with its limits, today and this month", () => {
    render(
      <AccountSpendTable
        platform="bluesky"
        spend={{ today: { points: 1_203 }, month: { points: 24_006, sessions: 2 } }}
        caption="What Bluesky counts"
      />,
    );
    expect(screen.getByRole('table', { name: 'What Bluesky counts' })).toBeDefined();
    expect(rows()).toEqual([
      ['Write pointsBluesky allows 5,000 an hour and 35,000 a day', '1,203', '24,006'],
      ['Sign-insBluesky allows 30 in 5 minutes and 300 a day', '0', '2'],
    ]);
    expect(screen.getByText(/stops at 80% of a limit and waits for room/)).toBeDefined();
    expect(screen.queryByText(/listed prices/)).toBeNull();
  });

  it("shows X's posts with its limit, what was read, and the month's cost at its prices", () => {
    render(
      <AccountSpendTable
        platform="x"
        spend={{ today: { posts: 1 }, month: { posts: 3, linkPosts: 1, postReads: 200 } }}
        caption="What X counts"
      />,
    );
    expect(rows()).toEqual([
      ['PostsX allows 100 in 15 minutes', '1', '3'],
      ['Posts with a linkX bills $0.200 each', '0', '1'],
      ['Posts readX bills $0.005 each', '0', '200'],
    ]);
    expect(screen.getByTestId('account-spend-x').textContent).toContain("About $1.23 this month at X's listed prices.");
  });
});
