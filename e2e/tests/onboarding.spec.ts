import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * The onboarding steps above the home feed (experiences service, saving-boards-ads.md sections 3,
 * 4 and 7): a new member sees them, each is reported viewed once seen, Dismiss removes one for
 * good, and the first save completes the other through pins-boards' event, not the browser.
 */

type Shown = Record<string, { placed_experience_id: string; status: string | null }[]>;
async function onboarding(request: APIRequestContext): Promise<{ id: string; status: string | null }[]> {
  const data = encodeURIComponent(JSON.stringify({ options: { placement_ids: ['home_onboarding'], multi_experience: true } }));
  const shown = (await (await request.get(`/resource/UserExperienceResource/get/?data=${data}`)).json()).resource_response.data as Shown;
  return (shown['home_onboarding'] ?? []).map((e) => ({ id: e.placed_experience_id, status: e.status }));
}

test('a new member is shown the onboarding steps; dismissing one and saving a first pin clear them', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request);
  await page.goto('/');
  const steps = page.getByRole('region', { name: 'Get started' });
  const save = steps.getByRole('article', { name: 'Save your first Pin' });
  const follow = steps.getByRole('article', { name: 'Follow boards or people' });
  await expect(save).toContainText('Step 1 of 2');
  await expect(follow).toContainText('Step 2 of 2');
  await expect(save.getByRole('link', { name: 'Find ideas' })).toHaveAttribute('href', /^\/search\/pins\/\?q=ideas/);
  await expectAccessible(page, 'home feed with onboarding steps');

  // Both were in view: each reported viewed, once, kept by the service.
  await expect.poll(() => onboarding(page.request)).toEqual([
    { id: 'home_onboarding:save_first_pin', status: 'viewed' },
    { id: 'home_onboarding:follow_boards_or_people', status: 'viewed' },
  ]);

  // Dismiss, by keyboard: gone at once, and after a reload.
  await follow.getByRole('button', { name: 'Dismiss “Follow boards or people”' }).focus();
  await page.keyboard.press('Enter');
  await expect(follow).toBeHidden();
  await page.reload();
  await expect(save).toBeVisible();
  await expect(follow).toBeHidden();

  // A first pin, saved elsewhere (the API): its event completes the step on the service.
  const board = await createBoard(page.request, uniqueName('Firsts'));
  await uploadPin(page.request, board.id, await uniqueImage(300, 400), { description: 'My first' });
  await expect.poll(() => onboarding(page.request), { timeout: 30_000 }).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Follow boards to fill your home feed' })).toBeVisible();
  await expect(steps).toBeHidden();
});

test("the first save says 'You saved your first Pin', the second does not, and the first completes the onboarding step", async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Someone else's two pins, for the page's viewer to save.
  const pinner = await playwright.request.newContext({ baseURL });
  await createAccount(pinner);
  const theirs = await createBoard(pinner, uniqueName('Finds'));
  const pins = [
    await uploadPin(pinner, theirs.id, await uniqueImage(300, 380), { description: 'A reading lamp' }),
    await uploadPin(pinner, theirs.id, await uniqueImage(300, 380), { description: 'A desk lamp' }),
  ];
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Lamps'));

  const saveTo = async (pinId: string) => {
    await page.goto(`/pin/${pinId}/`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Repin modal' }).getByRole('button', { name: new RegExp(board.name) }).click();
  };
  await saveTo(pins[0]!.id);
  await expect(page.getByText(`You saved your first Pin to ${board.name}!`)).toBeVisible();
  await saveTo(pins[1]!.id);
  await expect(page.getByText(`You saved this Pin to ${board.name}!`)).toBeVisible();
  await expect(page.getByText(`You saved your first Pin to ${board.name}!`)).toBeHidden();
  // The service's record of the same first save: the step is done.
  await expect.poll(() => onboarding(page.request), { timeout: 30_000 }).toEqual([{ id: 'home_onboarding:follow_boards_or_people', status: null }]);
  await pinner.dispose();
});
