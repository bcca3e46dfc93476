/**
 * Who may sign up is the server's choice (issue 28, DECISIONS.md #79), as a visitor meets it.
 * Closed: the landing page says the server takes no new accounts instead of "Join For Free", and
 * /signup says why there is no form and leads to sign-in. Invite-only: the owner's account is made
 * while the server is open, then the server restarts on the same data with SIGNUP=invite (as an
 * operator does); a visitor without an invitation is told to ask for one, and the visitor the
 * owner invites to "Household" signs up through the mailed link, joins and lands in the book.
 *
 * Each test starts a built server of its own (the shared webServer is open) and browser contexts
 * pointed at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectOnCurrentBudgets, fillAccount, logIn, uniqueEmail } from './support/app';
import { expectNoSidewaysScroll, invitationPathIn, openSettings, SLOW, switcher } from './support/household';
import { newestMailTo } from './support/outbox';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Invite2024a';
const CLOSED_NOTE = 'This server is not taking new accounts.';
const CLOSED_NOTICE = 'New accounts cannot be created on this server.';
const INVITE_NOTE = 'New accounts here are by invitation.';
const INVITE_NOTICE = 'This server creates accounts by invitation only: ask a member to invite you to their book.';
const WIDE = { width: 1280, height: 860 };
const NARROW = { width: 375, height: 812 };

/** A browser context whose relative paths go to `server`. */
function contextFor(browser: Browser, server: OwnServer): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.baseUrl, viewport: WIDE });
}

/** POST /api/register of a free account, as the sign-up page sends it. */
function register(server: OwnServer, email: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'free', email, password: PASSWORD, password_confirmation: PASSWORD, timezone: 0 }),
  });
}

async function expectSignupMode(server: OwnServer, mode: 'open' | 'invite' | 'closed'): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/auth/config`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ signup: mode, password: true, oidc: null });
}

/** The bodies of the sign-ups the page sends. */
function recordSignups(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

test('closed: the landing page and /signup say no account can be made here, and lead to sign-in', async ({ browser }) => {
  const screens = new Screens('signup-modes-closed');
  const server = await startOwnServer({ SIGNUP: 'closed' });
  const context = await contextFor(browser, server);
  try {
    const page = await context.newPage();

    await test.step('the server says so: its config is closed and a sign-up is refused', async () => {
      await expectSignupMode(server, 'closed');
      const refused = await register(server, uniqueEmail('closed'));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: CLOSED_NOTICE });
    });

    await test.step('the landing page has the note and Sign in instead of "Join For Free", at 1280 px and 375 px', async () => {
      await page.goto('/');
      // The hero and the closing call to action both say it.
      await expect(page.getByText(CLOSED_NOTE)).toHaveCount(2, SLOW);
      await expect(page.getByText(CLOSED_NOTE).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Join For Free' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(2);
      // Nor does the navigation offer a sign-up the server would refuse.
      await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Signup' })).toHaveCount(0);
      await screens.shot(page, 'landing-closed-1280');
      await page.setViewportSize(NARROW);
      await expectNoSidewaysScroll(page, NARROW.width);
      await expect(page.getByRole('link', { name: 'Join For Free' })).toHaveCount(0);
      await screens.shot(page, 'landing-closed-375');
      await page.setViewportSize(WIDE);
    });

    await test.step('/signup shows the notice, no form, at 1280 px and 375 px', async () => {
      await page.goto('/signup');
      await expect(page.getByText(CLOSED_NOTICE)).toBeVisible(SLOW);
      await expect(page.getByText('Sign-up is closed')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await screens.shot(page, 'signup-closed-1280');
      await page.setViewportSize(NARROW);
      await expectNoSidewaysScroll(page, NARROW.width);
      await screens.shot(page, 'signup-closed-375');
      await page.setViewportSize(WIDE);
    });

    await test.step("the notice's Sign in link leads to /login", async () => {
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    });
  } finally {
    await context.close();
    await server.stop();
  }
  console.log(`Screenshots: ${screens.dir}`);
});

test('invite: after the owner is made, only a visitor holding an invitation link signs up, then joins the book', async ({ browser }) => {
  test.setTimeout(240_000);
  const screens = new Screens('signup-modes-invite');
  const ownerEmail = uniqueEmail('invite-owner');
  const visitorEmail = uniqueEmail('invite-visitor');
  // Both servers keep their data here: the second starts on what the first left.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-signup-modes-'));
  const servers: OwnServer[] = [];
  const contexts: BrowserContext[] = [];
  try {
    const own = await test.step('the owner signs up while the server is open; the server restarts invite-only', async () => {
      const open = await startOwnServer({ SIGNUP: 'open' }, { dataDir });
      servers.push(open);
      await expectSignupMode(open, 'open');
      const created = await register(open, ownerEmail);
      expect(created.status, await created.clone().text()).toBe(201);
      await open.stop();
      const server = await startOwnServer({ SIGNUP: 'invite' }, { dataDir });
      servers.push(server);
      await expectSignupMode(server, 'invite');
      const refused = await register(server, uniqueEmail('invite-stranger'));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: INVITE_NOTICE });
      return server;
    });

    const strangerContext = await contextFor(browser, own);
    contexts.push(strangerContext);
    const stranger = await strangerContext.newPage();

    await test.step('a visitor without an invitation: the landing note, and /signup says to ask for one', async () => {
      await stranger.goto('/');
      await expect(stranger.getByText(INVITE_NOTE).first()).toBeVisible(SLOW);
      await expect(stranger.getByRole('link', { name: 'Join For Free' })).toHaveCount(0);
      await stranger.goto('/signup');
      await expect(stranger.getByText(INVITE_NOTICE)).toBeVisible(SLOW);
      await expect(stranger.getByText('Sign-up by invitation')).toBeVisible();
      await expect(stranger.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
      await screens.shot(stranger, 'signup-invite-only-1280');
      await stranger.setViewportSize(NARROW);
      await expectNoSidewaysScroll(stranger, NARROW.width);
      await screens.shot(stranger, 'signup-invite-only-375');
    });

    const ownerContext = await contextFor(browser, own);
    contexts.push(ownerContext);
    const owner = await ownerContext.newPage();
    let link = '';

    await test.step('the owner signs in, makes "Household" in Settings and invites the visitor', async () => {
      await logIn(owner, ownerEmail, PASSWORD);
      await expectOnCurrentBudgets(owner);
      const books = await openSettings(owner);
      await books.getByLabel('New shared book').fill('Household');
      await books.getByRole('button', { name: 'Create book' }).click();
      const household = books.getByRole('region', { name: 'Book Household' });
      await expect(household.getByText('Your role: Owner')).toBeVisible();
      const form = household.getByTestId('invite-form');
      await form.getByLabel('Invite by e-mail').fill(visitorEmail);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(form.getByText(`Invitation sent to ${visitorEmail}, valid for 7 days.`)).toBeVisible();
      link = invitationPathIn(newestMailTo(visitorEmail, own.dataDir));
    });

    const visitorContext = await contextFor(browser, own);
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    const signups = recordSignups(visitor);

    await test.step('the visitor opens the link and chooses "Create an account": the form, by invitation', async () => {
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { name: 'Join “Household”' })).toBeVisible(SLOW);
      await visitor.getByRole('link', { name: 'Create an account' }).click();
      await expect(visitor).toHaveURL(/\/signup$/);
      await expect(visitor.getByText('You are signing up through an invitation.')).toBeVisible(SLOW);
      await expect(visitor.getByText(INVITE_NOTICE)).toHaveCount(0);
      await fillAccount(visitor, visitorEmail, PASSWORD);
      await screens.shot(visitor, 'signup-through-invitation-1280');
    });

    await test.step('the sign-up carries the token; the visitor joins Household and lands in it', async () => {
      await visitor.getByRole('button', { name: 'Create Account' }).click();
      await expect(visitor).toHaveURL(new RegExp(`${link}$`), SLOW);
      expect(signups).toHaveLength(1);
      expect(JSON.parse(signups[0]!)).toMatchObject({ email: visitorEmail, invitation_token: link.split('/').at(-1) });
      const join = visitor.getByRole('button', { name: 'Join Household' });
      await expect(join).toBeVisible();
      await join.click();
      await expect(visitor).toHaveURL(/\/ledger/);
      await expect(switcher(visitor)).toHaveAccessibleName('Book: Household. Switch book');
      await screens.shot(visitor, 'joined-household-1280');
    });

    await test.step("the owner sees the visitor among Household's members", async () => {
      await owner.reload();
      const books = owner.getByTestId('books-section');
      await expect(books).toBeVisible(SLOW);
      const household = books.getByRole('region', { name: 'Book Household' });
      await expect(household.getByTestId('book-member').filter({ hasText: visitorEmail })).toBeVisible();
    });
  } finally {
    for (const context of contexts) await context.close();
    // Stopping a server twice is harmless; the data directory is this test's to remove.
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Screenshots: ${screens.dir}`);
});
