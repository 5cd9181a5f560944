// @vitest-environment jsdom
import type { AccountView, ReportRequest } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type * as AccountModule from '../account.js';
import { setUpI18n } from '../i18n.js';
import type * as NetModule from '../net.js';
import type { ReportOutcome } from '../net.js';
import { ReportButton } from './Report.js';

/*
 * The report form as a player meets it: a button that opens a small form (why, and words if they
 * like), what is sent, and each of the server's answers said in words. A guest's button is off,
 * with why.
 */

const state = vi.hoisted(() => ({
  account: null as AccountView | null,
  answers: [] as ReportOutcome[],
  sent: [] as ReportRequest[],
}));
vi.mock('../net.js', async (importOriginal) => ({
  ...(await importOriginal<typeof NetModule>()),
  sendReport: (report: ReportRequest) => {
    state.sent.push(report);
    return Promise.resolve(state.answers.shift() ?? { outcome: 'failed', message: 'no answer in the test' });
  },
}));
vi.mock('../account.js', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountModule>()),
  useAccount: () => state.account,
}));

beforeAll(async () => {
  await setUpI18n();
});
beforeEach(() => {
  state.account = { id: 'a1', name: 'Ana', username: 'ana' } as AccountView;
  state.answers = [];
  state.sent = [];
});
afterEach(cleanup);

/** Opens the form (unless open), picks `reason`, types `words` and sends; resolves once the answer is shown. */
async function report(view: ReturnType<typeof render>, reason: string, words = '') {
  if (!view.queryByRole('form')) fireEvent.click(view.getByRole('button', { name: 'Report' }));
  const form = view.getByRole('form', { name: 'Report this run' });
  fireEvent.click(view.getByRole('radio', { name: reason }));
  fireEvent.change(view.getByLabelText('Anything to add? (optional)'), { target: { value: words } });
  await act(async () => {
    fireEvent.submit(form);
    await Promise.resolve();
  });
}

it('sends the reason and the words, says thank you, and gives the focus back to the button', async () => {
  state.answers.push({ outcome: 'sent' });
  const view = render(<ReportButton kind="run" target="42" />);
  const button = view.getByRole('button', { name: 'Report' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  // The form opens with the keyboard on its first choice.
  expect(document.activeElement).toBe(view.getByRole('radio', { name: 'Too fast to be real' }));
  await report(view, 'Offensive name', '  not a nice name  ');
  expect(state.sent).toEqual([{ kind: 'run', target: '42', reason: 'offensive-name: not a nice name' }]);
  expect(view.getByRole('status').textContent).toBe('Report sent. Thank you: someone will look at it.');
  expect(view.queryByRole('form')).toBeNull();
  expect(document.activeElement).toBe(button);
});

it('sends the choice alone when no words are added', async () => {
  state.answers.push({ outcome: 'sent' });
  const view = render(<ReportButton kind="run" target="42" />);
  await report(view, 'Too fast to be real');
  expect(state.sent).toEqual([{ kind: 'run', target: '42', reason: 'too-fast' }]);
});

it.each([
  [{ outcome: 'already' }, 'status', 'You have reported this already. Thank you.'],
  [{ outcome: 'sign-in' }, 'alert', 'Reporting needs an account with a username. Your account'],
  [{ outcome: 'too-many', seconds: 42 }, 'alert', 'Too many reports for now: try again in 42 s.'],
  [{ outcome: 'too-many', seconds: null }, 'alert', 'Too many reports for now: try again in a minute.'],
  [{ outcome: 'missing' }, 'alert', 'This entry is no longer there to report.'],
  [{ outcome: 'failed', message: 'HTTP 500' }, 'alert', 'The report could not be sent: HTTP 500'],
] as const)('says the answer %j in words', async (answer, role, words) => {
  state.answers.push(answer);
  const view = render(<ReportButton kind="run" target="42" />);
  await report(view, 'Something else');
  expect(view.getByRole(role).textContent).toBe(words);
});

it('offers a player the reasons for a player, and Escape closes the form', () => {
  const view = render(<ReportButton kind="player" target="a2" />);
  const button = view.getByRole('button', { name: 'Report' });
  fireEvent.click(button);
  const form = view.getByRole('form', { name: 'Report this player' });
  expect(view.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
    'Plays unfairly',
    'Offensive name',
    'Something else',
  ]);
  fireEvent.keyDown(form, { key: 'Escape' });
  expect(view.queryByRole('form')).toBeNull();
  expect(document.activeElement).toBe(button);
});

it('shows a guest the button switched off, with why', () => {
  state.account = { id: 'a1', name: 'Ana', username: null } as AccountView;
  const view = render(<ReportButton kind="run" target="42" />);
  const button = view.getByRole('button', { name: 'Report' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(button.getAttribute('aria-describedby')).toBeTruthy();
  const why = document.getElementById(button.getAttribute('aria-describedby') ?? '');
  expect(why?.textContent).toBe('Reporting needs an account with a username. Your account');
  expect(view.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('#/account');
});
