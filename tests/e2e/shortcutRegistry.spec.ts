import { expect, type Page, test } from '@playwright/test';
import { type AppCommandEffects, appCommands } from '../../src/client/app/commands.ts';
import { signIn, waitForIdle } from './helpers.ts';

/*
 * Every shortcut the app registers, pressed as a person would on a page where it applies, reaching
 * its page or its action. The registry is read from the app's own code with every page kind
 * switched on, so a shortcut added without a row here fails the first test.
 */

interface Walk {
  readonly page: string;
  /** The key presses, in Playwright's names (`Shift+G`, or `g` then `p`). */
  readonly presses: readonly string[];
  /** Done before the presses (open the help for Escape to close). */
  readonly before?: (page: Page) => Promise<void>;
  readonly expect: (page: Page) => Promise<void>;
}

const ISSUE = '/workshop/playground/-/issues/1';
const pickerOpened = (block: string) => async (page: Page) =>
  expect(page.getByTestId(`sidebar-${block}-edit`)).toHaveAttribute('aria-expanded', 'true');

const WALKS: Readonly<Record<string, Walk>> = {
  'help.toggle': {
    page: '/groups/acme/-/epics',
    presses: ['?'],
    expect: (page) => expect(page.getByRole('dialog').getByTestId('shortcut-row').first()).toBeVisible(),
  },
  'overlays.hide': {
    page: '/groups/acme/-/epics',
    before: async (page) => {
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    presses: ['Escape'],
    expect: (page) => expect(page.getByRole('dialog')).toBeHidden(),
  },
  'navigation.groups': {
    page: '/dashboard/todos',
    presses: ['Shift+G'],
    expect: (page) => expect(page).toHaveURL(/\/$/),
  },
  'navigation.issues': {
    page: '/groups/acme',
    presses: ['Shift+I'],
    expect: (page) => expect(page).toHaveURL(/\/dashboard\/issues$/),
  },
  'navigation.mergeRequests': {
    page: '/groups/acme',
    presses: ['Shift+M'],
    expect: (page) => expect(page).toHaveURL(/\/dashboard\/merge_requests$/),
  },
  'navigation.todos': {
    page: '/groups/acme',
    presses: ['Shift+T'],
    expect: (page) => expect(page).toHaveURL(/\/dashboard\/todos$/),
  },
  'issuable.reply': {
    page: ISSUE,
    presses: ['r'],
    expect: (page) => expect(page.getByTestId('comment-input-new')).toBeFocused(),
  },
  'issuable.edit': {
    page: ISSUE,
    presses: ['e'],
    expect: (page) => expect(page.getByTestId('issuable-title-input')).toBeVisible(),
  },
  'issuable.labels': { page: ISSUE, presses: ['l'], expect: pickerOpened('labels') },
  'issuable.assignee': { page: ISSUE, presses: ['a'], expect: pickerOpened('assignees') },
  'issuable.milestone': { page: ISSUE, presses: ['m'], expect: pickerOpened('milestone') },
  'project.overview': {
    page: '/workshop/playground/-/issues',
    presses: ['g', 'p'],
    expect: (page) => expect(page).toHaveURL(/\/workshop\/playground$/),
  },
  'project.issues': {
    page: '/workshop/playground',
    presses: ['g', 'i'],
    expect: (page) => expect(page).toHaveURL(/\/workshop\/playground\/-\/issues$/),
  },
  'project.newIssue': {
    page: '/workshop/playground',
    presses: ['i'],
    expect: (page) => expect(page).toHaveURL(/\/workshop\/playground\/-\/issues\/new$/),
  },
  'search.focus': {
    page: '/groups/acme',
    presses: ['s'],
    expect: (page) => expect(page.getByTestId('top-search-input')).toBeFocused(),
  },
  'filter.focus': {
    page: '/groups/acme/-/epics',
    presses: ['f'],
    expect: (page) => expect(page.getByTestId('search-input')).toBeFocused(),
  },
};

/** Every command id the app can register: all page kinds on, every control shown. */
function registeredIds(): string[] {
  const effects: AppCommandEffects = {
    toggleHelp: () => {},
    isHelpOpen: () => false,
    closeOverlays: () => {},
    goTo: () => {},
    focusSearch: () => {},
    focusGlobalSearch: () => {},
    press: () => true,
    shows: () => true,
    reply: () => {},
  };
  const ids = new Set<string>();
  for (const issuable of ['epic', 'issue'] as const) {
    const commands = appCommands(effects, {
      hasSearch: true,
      signedIn: true,
      project: { fullPath: 'workshop/playground', canCreateIssue: true },
      issuable,
    });
    for (const command of commands) ids.add(command.id);
  }
  return [...ids].sort();
}

test('every registered shortcut has a walk here', () => {
  expect(Object.keys(WALKS).sort()).toEqual(registeredIds());
});

test('each registered shortcut reaches its page or its action', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner');
  for (const [id, walk] of Object.entries(WALKS)) {
    await test.step(id, async () => {
      await page.goto(walk.page);
      await waitForIdle(page);
      await walk.before?.(page);
      for (const key of walk.presses) await page.keyboard.press(key);
      await walk.expect(page);
    });
  }
});
