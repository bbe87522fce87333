import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, yearsAgo } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Collaborators (saving-boards-ads.md sections 2, 5, 6, 7 and 9): the owner invites someone by
 * email from the board settings, the mail's link (read in the dev outbox) brings them to sign up
 * and accept, and they then save a pin into the secret board as a collaborator.
 */

test('invited by email from the board settings, a newcomer signs up through the link, accepts, and saves into the secret board', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner: a secret board to share, and a pin on another board for the newcomer to save.
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const shared = await createBoard(page.request, uniqueName('Secret lamps'));
  const privacy = await page.request.post('/resource/BoardResource/update/', {
    headers: { 'X-CSRFToken': (await page.request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '' },
    data: { options: { board_id: shared.id, privacy: 'secret' } },
  });
  expect(privacy.status(), await privacy.text()).toBe(200);
  const source = await createBoard(page.request, uniqueName('Olga finds'));
  const pin = await uploadPin(page.request, source.id, await uniqueImage(), { description: 'A lamp to share' });

  // 1. The owner invites by email from the board settings.
  const newcomerEmail = uniqueEmail('grace');
  await page.goto(shared.url);
  await expect(page.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
  await page.getByRole('button', { name: 'Board settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Board settings' });
  await expect(settings).toBeVisible();
  const field = settings.getByRole('combobox', { name: 'Invite people by username or email' });
  await field.fill(newcomerEmail.slice(0, 6) + '@');
  const options = settings.getByRole('listbox');
  await expect(options.getByRole('option')).toContainText('Keep typing!');
  await field.fill(newcomerEmail);
  await expect(options.getByRole('option', { name: new RegExp(newcomerEmail.replace(/[.+]/g, '\\$&'), 'i') })).toContainText('Click to send!');
  await field.press('Enter');
  await expect(options.getByRole('option').first()).toContainText('Done!');
  await expect(settings.getByRole('list', { name: 'People to invite' })).toContainText(newcomerEmail.toLowerCase());
  await expectAccessible(page, 'board settings with the invite list');
  await settings.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(settings.getByRole('region', { name: 'Invited, waiting for an answer' })).toContainText(newcomerEmail.toLowerCase());
  await settings.getByRole('button', { name: 'Close' }).click();

  // 2. The newcomer, in a browser of their own, finds the mail in the dev outbox and opens its link.
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.goto('/dev/outbox');
  const mail = guest.getByRole('article').filter({ hasText: newcomerEmail.toLowerCase() }).first();
  await expect(async () => {
    await guest.getByRole('button', { name: 'Refresh' }).click();
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(mail).toContainText(`Olga invited you to the board "${shared.name}"`);
  const href = await mail.getByRole('link').filter({ hasText: '/invite/board/' }).first().getAttribute('href');
  const target = new URL(href!, guest.url());
  await guest.goto(target.pathname);

  // A visitor: what the link invites to, and the sign-up card in its board-invitation context.
  await expect(guest.getByRole('heading', { level: 1, name: `Olga invited you to collaborate on ${shared.name}` })).toBeVisible();
  await expectAccessible(guest, 'an invitation link, for a visitor');
  await guest.getByRole('button', { name: 'Sign up' }).click();
  const card = guest.getByRole('dialog', { name: "You're invited to a board" });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Continue with email' }).click();
  await card.getByLabel('Email').fill(newcomerEmail);
  await card.getByLabel('Create a password').fill('correct-horse-42');
  await card.getByLabel('Birthdate').fill(yearsAgo(30));
  await card.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(card).toBeHidden({ timeout: 20_000 });

  // 3. Back on the same link, signed in: Accept, then on to the board.
  await expect(guest).toHaveURL((url) => url.pathname === target.pathname);
  await guest.getByRole('button', { name: 'Accept' }).click();
  await expect(guest).toHaveURL(new RegExp(`${shared.url.replace(/\/$/, '')}/?$`));
  await expect(guest.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Leave board' })).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Collaborators of this board' }).getByRole('link', { name: 'Grace' })).toBeVisible();

  // 4. As a collaborator, they save the owner's pin into the shared board from the picker.
  await guest.goto(`/pin/${pin.id}`);
  await guest.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = guest.getByRole('dialog', { name: 'Repin modal' });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: new RegExp(`^${shared.name}`) }).click();
  await expect(guest.locator('.toast').filter({ hasText: `Saved to ${shared.name}` })).toBeVisible();

  // The owner's board shows it.
  await expect.poll(async () => {
    const answer = await page.request.get(`/resource/BoardResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { board_id: shared.id } }))}`);
    return (await answer.json()).resource_response.data.pin_count as number;
  }, { timeout: 30_000 }).toBe(1);
  await page.goto(shared.url);
  await expect(page.getByRole('region', { name: 'Collaborators of this board' })).toContainText('Grace');
  await context.close();
});
