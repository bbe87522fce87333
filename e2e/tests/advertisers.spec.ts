import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { accountButton, expectDescribedFieldError, expectFieldError, openAccountMenu } from './support/auth';
import { expectAccessible } from './support/axe';
import { addAdvertiserMember } from './support/advertisers';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Acting for an advertiser (saving-boards-ads.md sections 5 and 6): its owner creates it on
 * /business/create and lets someone act for it by username on /business/access; that person
 * chooses it in the account menu, and the boards they make for it are protected (the disabled
 * 'Protected board (not listed on user's profile)' switch, no secret toggle, no invites), kept off
 * their profile, and listed in the picker, which saves into them with advertiser_id. Acting as
 * themself again brings the secret toggle back.
 */
const PROTECTED = "Protected board (not listed on user's profile)";

/** The create-board form on `/board/create/` (the form the picker shows too). */
async function openCreateBoard(page: Page) {
  await page.goto('/board/create/');
  await expect(page.getByRole('heading', { level: 1, name: 'Create board' })).toBeVisible();
  return page.getByRole('main');
}

test('an owner lets someone act for their advertiser; the boards made on its behalf are protected, off the profile, and in the picker', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Olga owns the advertiser; a pin of hers is what Grace saves later.
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const source = await createBoard(page.request, uniqueName('Olga finds'));
  const pin = await uploadPin(page.request, source.id, await uniqueImage(), { description: 'A lamp for the brand' });
  // Grace, in a browser of her own, with a public board of her own.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const member = await context.newPage();
  const grace = await createAccount(member.request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
  const personal = await createBoard(member.request, uniqueName('Grace at home'));

  // 1. Olga creates the advertiser, and lands on its access page with its people.
  const brand = uniqueName('Hive Lamps');
  await page.goto('/business/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an advertiser' })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expectFieldError(page.getByLabel('Advertiser name'), 'Enter a name for the advertiser.');
  await expect(page.getByLabel('Advertiser name')).toBeFocused();
  await page.getByLabel('Advertiser name').fill(brand);
  await expectAccessible(page, 'create an advertiser');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/business\/access\?advertiser=\d+$/);
  const card = page.getByRole('region', { name: brand });
  await expect(card).toContainText('You own it');
  const people = card.getByRole('list', { name: `People who can act for ${brand}` });
  await expect(people.getByRole('listitem')).toHaveCount(1);
  await expect(people).toContainText('Olga');
  await expect(people).toContainText('Owner');

  // 2. She adds Grace by username: an unknown one is refused at the field first.
  const username = card.getByLabel('Username');
  await username.fill(`nobody${Date.now().toString(36)}`);
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  // The sentence under the field describes it too, after the message.
  await expectDescribedFieldError(username, "We couldn't find anyone with that username.");
  await username.fill(grace.username);
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('.toast').filter({ hasText: `Grace can now act for ${brand}` })).toBeVisible();
  await expect(people.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('button', { name: `Remove Grace from ${brand}` })).toBeVisible();
  await expect(username).toHaveValue('');
  await expectAccessible(page, 'business access, an owned advertiser');

  // 3. Grace chooses to act for it in the account menu; the top bar says so.
  await member.goto('/');
  await expect(accountButton(member, 'Grace')).toBeVisible();
  const menu = await openAccountMenu(member, 'Grace');
  const actFor = menu.getByRole('group', { name: 'Act for' });
  await expect(actFor.getByRole('menuitemradio', { name: /^Yourself/ })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(member, 'the account menu with advertisers');
  await actFor.getByRole('menuitemradio', { name: new RegExp(`^${brand}`) }).click();
  await expect(member.getByRole('banner').getByRole('link', { name: `Acting for ${brand}` })).toBeVisible();
  const again = await openAccountMenu(member, 'Grace');
  await expect(again.getByRole('menuitemradio', { name: new RegExp(`^${brand}`) })).toHaveAttribute('aria-checked', 'true');
  await member.keyboard.press('Escape');

  // 4. The create-board form on its behalf: the protected switch, on and disabled; no secret toggle, no invites.
  let form = await openCreateBoard(member);
  const protectedSwitch = form.getByRole('switch', { name: PROTECTED });
  await expect(protectedSwitch).toBeChecked();
  await expect(protectedSwitch).toBeDisabled();
  await expect(form.getByRole('checkbox', { name: /Keep this board secret/ })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Invite people by username or email' })).toHaveCount(0);
  await expectAccessible(member, 'create board on an advertiser’s behalf');
  const boardName = uniqueName('Brand lamps');
  await form.getByRole('textbox', { name: 'Name' }).fill(boardName);
  const created = member.waitForResponse((r) => new URL(r.url()).pathname === '/resource/BoardResource/create/');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const answer = await created;
  expect(answer.request().postDataJSON().options).toMatchObject({ name: boardName, privacy: 'protected', advertiser_id: expect.stringMatching(/^\d+$/) });
  const board = (await answer.json()).resource_response.data;
  expect(board).toMatchObject({ privacy: 'protected', advertiser_id: answer.request().postDataJSON().options.advertiser_id });

  // 5. Its page: protected, and its settings show the same.
  await expect(member.getByRole('heading', { level: 1, name: boardName })).toBeVisible();
  await member.getByRole('button', { name: 'Board settings' }).click();
  const settings = member.getByRole('dialog', { name: 'Board settings' });
  await expect(settings.getByRole('switch', { name: PROTECTED })).toBeChecked();
  await expect(settings.getByRole('switch', { name: PROTECTED })).toBeDisabled();
  await expect(settings.getByRole('checkbox', { name: /Keep this board secret/ })).toHaveCount(0);
  await expect(settings.getByRole('combobox', { name: 'Invite people by username or email' })).toHaveCount(0);
  await expectAccessible(member, 'board settings of a protected board');
  await settings.getByRole('button', { name: 'Close' }).click();

  // 6. A visitor sees Grace's own board on her profile, not the protected one.
  const visitor = await browser.newContext({ baseURL });
  const stranger = await visitor.newPage();
  await stranger.goto(`/${grace.username}`);
  const boards = stranger.getByRole('region', { name: 'Boards' });
  await expect(boards.getByRole('link', { name: new RegExp(personal.name) })).toBeVisible();
  await expect(boards).not.toContainText(boardName);
  await visitor.close();

  // 7. Grace saves Olga's pin into it through the picker, which lists the boards made for the advertiser.
  await member.goto(`/pin/${pin.id}`);
  await member.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = member.getByRole('dialog', { name: 'Repin modal' });
  await expect(picker.getByRole('button', { name: new RegExp(`^${boardName}`) })).toBeVisible();
  await expect(picker.getByRole('button', { name: new RegExp(`^${personal.name}`) })).toHaveCount(0);
  const saved = member.waitForRequest((r) => new URL(r.url()).pathname === '/resource/RepinResource/create/');
  await picker.getByRole('button', { name: new RegExp(`^${boardName}`) }).click();
  expect((await saved).postDataJSON().options).toMatchObject({ pin_id: pin.id, board_id: board.id, advertiser_id: board.advertiser_id });
  await expect(member.locator('.toast').filter({ hasText: `Saved to ${boardName}` })).toBeVisible();

  // 8. Acting as herself again: the top bar says nothing more, and the secret toggle is back.
  const last = await openAccountMenu(member, 'Grace');
  await last.getByRole('menuitemradio', { name: /^Yourself/ }).click();
  await expect(member.getByRole('banner').getByRole('link', { name: `Acting for ${brand}` })).toHaveCount(0);
  form = await openCreateBoard(member);
  await expect(form.getByRole('checkbox', { name: /Keep this board secret/ })).toBeVisible();
  await expect(form.getByRole('switch', { name: PROTECTED })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Invite people by username or email' })).toBeVisible();
  await context.close();
});

test('on a phone, someone acting for an advertiser leaves it on the access page and acts as themself again', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  // At 375 px: the top bar makes room for whom Grace acts for (checked by expectAccessible's width check).
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const member = await context.newPage();
  const grace = await createAccount(member.request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');

  // Olga's advertiser and Grace in it, through the API the pages use.
  const csrf = async () => (await page.request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const brand = uniqueName('Comb & Co, the long-named brand');
  const made = await page.request.post('/ads/v4/advertisers/', { headers: { 'X-CSRFToken': await csrf() }, data: { name: brand } });
  expect(made.status(), await made.text()).toBe(201);
  const advertiserId = (await made.json()).resource_response.data.id as string;
  await addAdvertiserMember(page.request, advertiserId, grace.username);

  // Grace acts for it from the access page, then leaves it there.
  await member.goto('/business/access');
  const card = member.getByRole('region', { name: brand });
  await expect(card).toContainText('You can act for it');
  await card.getByRole('button', { name: `Act for ${brand}` }).click();
  await expect(card).toContainText("You're acting for it");
  await expect(member.getByRole('banner').getByRole('link', { name: `Acting for ${brand}` })).toBeVisible();
  await expectAccessible(member, 'business access, an advertiser acted for');
  await card.getByRole('button', { name: `Leave ${brand}` }).click();
  const confirm = member.getByRole('dialog', { name: `Leave ${brand}?` });
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(member.locator('.toast').filter({ hasText: `You left ${brand}` })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(member.getByText("You don't own or act for any advertiser yet.")).toBeVisible();
  await expect(member.getByRole('banner').getByRole('link', { name: `Acting for ${brand}` })).toHaveCount(0);
  await expect(member.getByRole('heading', { level: 1, name: 'Business access' })).toBeFocused();
  await context.close();
});
